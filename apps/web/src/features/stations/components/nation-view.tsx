import { type NationStations, stationAdminApi } from '@ess/contract';
import { Empty, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { useFormat } from '@/lib/format/use-format';

/** The national listing (spec 3): province → city → station with each level's totals. */
export function NationView() {
  const { t } = useTranslation();
  const f = useFormat();
  const nation = useEndpoint(stationAdminApi.stationNation, {});
  if (!nation.data) return nation.isError ? <Empty /> : <Spin />;
  const totals = (n: Pick<NationStations, 'stationCount' | 'ratedPowerKw' | 'capacityKwh'>) =>
    t('stationAdmin.totals', {
      count: n.stationCount,
      power: f.number(n.ratedPowerKw, 0),
      capacity: f.number(n.capacityKwh, 0),
    });
  const label = (name: string, detail: string) => (
    <span>
      {name} <Typography.Text type="secondary">{detail}</Typography.Text>
    </span>
  );
  const tree: DataNode[] = nation.data.children.map((p) => ({
    key: p.id,
    title: label(p.name, totals(p)),
    children: p.children.map((c) => ({
      key: c.id,
      title: label(c.name || '-', totals(c)),
      children: c.children.map((s) => ({
        key: `station:${s.id}`,
        isLeaf: true,
        title: label(s.name, `${s.code} · ${t(`stationAdmin.types.${s.type}`)} · ${f.number(s.capacityKwh, 0)} kWh`),
      })),
    })),
  }));
  return (
    <div data-testid="nation-view">
      <Typography.Paragraph strong>{totals(nation.data)}</Typography.Paragraph>
      {tree.length ? <Tree treeData={tree} defaultExpandAll selectable={false} /> : <Empty />}
    </div>
  );
}
