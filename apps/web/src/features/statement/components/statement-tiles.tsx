import type { StatementResult } from '@ess/contract';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';

/** The month's money for the stations shown: revenue with its two sides, and the two shares. */
export function StatementTiles({ total, partial }: { total: StatementResult['total']; partial: string | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  const tiles = [
    {
      key: 'revenue',
      value: total.revenue,
      note: t('statement.tiles.energy', { charge: f.energy(total.chargeKwh), discharge: f.energy(total.dischargeKwh) }),
    },
    { key: 'dischargeIncome', value: total.dischargeIncome },
    { key: 'chargeCost', value: total.chargeCost },
    { key: 'ownerShare', value: total.ownerShare },
    { key: 'investorShare', value: total.investorShare },
  ] as const;
  return (
    <Row gutter={[12, 12]}>
      {tiles.map((x) => (
        <Col key={x.key} flex="1 1 180px">
          <Card size="small" data-testid={`statement-tile-${x.key}`}>
            <Statistic
              title={
                <>
                  {t(`statement.tiles.${x.key}`)}
                  {partial && (
                    <Typography.Text type="secondary"> · {t('statement.partialTag', { to: partial })}</Typography.Text>
                  )}
                </>
              }
              value={f.moneyExact(x.value)}
            />
            {'note' in x && <Typography.Text type="secondary">{x.note}</Typography.Text>}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
