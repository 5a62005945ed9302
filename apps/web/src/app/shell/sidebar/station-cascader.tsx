import type { StationNode, StationTree } from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLang } from '@/lib/i18n/use-lang';
import { homeTarget } from '@/lib/menu/home-target';
import { findByUrl } from '@/lib/menu/menu-model';
import { menuQuery } from '@/lib/session/api/get-menu';
import { useSession } from '@/lib/session/session-store';

type Option = { value: string; label: string; children?: Option[] };

const toOptions = (tree: StationTree): Option[] =>
  tree.map((p) => ({
    value: p.id,
    label: p.name,
    children: p.children.map((s) => ({ value: String(s.id), label: s.name })),
  }));

/**
 * Province → station cascader with search; shows only the station's name (spec 2). Switching
 * loads that station's menu first, and leaves a page the new menu does not hold for home.
 */
export function StationCascader({ tree, station }: { tree: StationTree; station: StationNode | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const setStation = useSession((s) => s.setStation);
  const value = station ? [`province:${station.provinceCode}`, String(station.id)] : [];

  const change = async (path: (string | number)[] | undefined) => {
    const id = Number(path?.[path.length - 1]);
    if (!Number.isInteger(id) || id === station?.id) return;
    const menu = await qc.fetchQuery(menuQuery(id, lang));
    setStation(id);
    if (!findByUrl(menu, pathname)) navigate(homeTarget(menu) ?? '/401', { replace: true });
  };

  return (
    <Cascader
      options={toOptions(tree)}
      value={value}
      onChange={(v) => void change(v)}
      displayRender={(labels) => labels[labels.length - 1]}
      showSearch={{
        filter: (input, path) => path.some((o) => String(o.label).toLowerCase().includes(input.toLowerCase())),
      }}
      allowClear={false}
      placeholder={t('station.placeholder')}
      notFoundContent={t('station.empty')}
      style={{ width: '100%' }}
      data-testid="station-cascader"
    />
  );
}
