import type { CarbonFigures } from '@ess/contract';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';

/** Headline figures: PV, avoided CO2, storage effect (signed), auxiliary use and its share, net. */
export function KpiTiles({ total }: { total: CarbonFigures }) {
  const { t } = useTranslation();
  const f = useFormat();
  const storageNote =
    total.storageKg === null
      ? undefined
      : t(total.storageKg < 0 ? 'carbon.tiles.storageAdds' : 'carbon.tiles.storageSaves');
  const tiles = [
    { key: 'pv', title: t('carbon.tiles.pv'), value: f.energy(total.pvKwh) },
    { key: 'avoided', title: t('carbon.tiles.avoided'), value: f.weight(total.avoidedKg) },
    { key: 'storage', title: t('carbon.tiles.storage'), value: f.weight(total.storageKg), note: storageNote },
    {
      key: 'aux',
      title: t('carbon.tiles.aux'),
      value: f.energy(total.auxKwh),
      note:
        total.auxSharePct === null
          ? undefined
          : t('carbon.tiles.auxShare', { share: `${f.number(total.auxSharePct, 2)} %` }),
    },
    {
      key: 'net',
      title: t(total.netKg < 0 ? 'carbon.tiles.netEmits' : 'carbon.tiles.net'),
      value: f.weight(Math.abs(total.netKg)),
    },
  ];
  return (
    <Row gutter={[12, 12]}>
      {tiles.map((x) => (
        <Col key={x.key} flex="1 1 180px">
          <Card size="small" data-testid={`carbon-tile-${x.key}`}>
            <Statistic
              title={
                <>
                  {x.title}
                  {total.partial && <Typography.Text type="secondary"> · {t('carbon.toDate')}</Typography.Text>}
                </>
              }
              value={x.value}
            />
            {x.note && <Typography.Text type="secondary">{x.note}</Typography.Text>}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
