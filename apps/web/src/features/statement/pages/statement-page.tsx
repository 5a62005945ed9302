import { MailOutlined } from '@ant-design/icons';
import { STATEMENT_MAX_STATIONS, type StatementBody, type StatementRow, subscriptionApi } from '@ess/contract';
import { Alert, Button, Card, DatePicker, Empty, Flex, Segmented, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { StationZone } from '@/components/station-zone/station-zone';
import { pickerMonth } from '@/lib/format/zone';
import { useLang } from '@/lib/i18n/use-lang';
import { usePageTitle } from '@/lib/menu/page-title';
import { stationsOf, useStations } from '@/lib/session/api/get-stations';
import { useCurrentStation } from '@/lib/station/current-station';
import { useStationTime } from '@/lib/station/station-time';
import { useStatement } from '../api/statement';
import { ExportMenu } from '../components/export-menu';
import { RatioDrawer } from '../components/ratio-drawer';
import { StatementTable } from '../components/statement-table';
import { StatementTiles } from '../components/statement-tiles';
import { SubscriptionDrawer } from '../components/subscription-drawer';

type Scope = 'station' | 'all';

/**
 * Earnings statement (收益结算, issue 24 parts 3–4): per station and calendar month on the
 * station's clock, energy per TOU period and price, the money as the earnings glance sums it,
 * the settlement between owner and investor, and the statement as PDF, Excel or CSV.
 */
export function StatementPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const pageTitle = usePageTitle('/revenue-management/earnings-statement');
  const { stationId, station } = useCurrentStation();
  const thisMonth = useStationTime().today(Date.now()).slice(0, 7);
  const [scope, setScope] = useState<Scope>('station');
  const [month, setMonth] = useState(thisMonth);
  const [ratioRow, setRatioRow] = useState<StatementRow | null>(null);
  const [subscriptions, setSubscriptions] = useState(false);
  const inScope = stationsOf(useStations(lang).data);
  const ids =
    scope === 'all' ? inScope.slice(0, STATEMENT_MAX_STATIONS).map((s) => s.id) : stationId === null ? [] : [stationId];
  const body: StatementBody | null = ids.length > 0 ? { stationIds: ids, month } : null;
  const statement = useStatement(body, month >= thisMonth);
  const data = statement.data;
  const partialRow = data?.rows.find((r) => r.partial);
  const anyEnergy = data?.rows.some((r) => r.chargeKwh > 0 || r.dischargeKwh > 0) ?? false;

  return (
    <Card
      data-testid="statement-page"
      title={pageTitle}
      extra={<Typography.Text type="secondary">{t('statement.subtitle')}</Typography.Text>}
    >
      <Flex vertical gap={14}>
        <Flex wrap gap="8px 16px" align="center">
          <Segmented<Scope>
            data-testid="statement-scope"
            value={scope}
            onChange={setScope}
            options={[
              { value: 'station', label: station ? station.name : t('statement.scope.station') },
              { value: 'all', label: t('statement.scope.all') },
            ]}
          />
          <DatePicker
            picker="month"
            allowClear={false}
            aria-label={t('statement.month')}
            value={dayjs(`${month}-01`)}
            onChange={(d) => d && setMonth(pickerMonth(d))}
            disabledDate={(d) => pickerMonth(d) > thisMonth}
            data-testid="statement-month"
          />
          <StationZone />
          <span style={{ flex: 1 }} />
          <Permission endpoint={subscriptionApi.subscriptionList}>
            <Button
              icon={<MailOutlined />}
              onClick={() => setSubscriptions(true)}
              data-testid="statement-subscriptions"
            >
              {t('statement.subscription.open')}
            </Button>
          </Permission>
          <ExportMenu body={body} />
        </Flex>
        {body === null ? (
          <Empty description={t('statement.noStation')} />
        ) : statement.isError && !data ? (
          <Alert type="error" showIcon message={t('statement.loadFailed')} />
        ) : !data ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <>
            {partialRow && (
              <Alert
                type="info"
                showIcon
                data-testid="statement-partial"
                message={t('statement.partial', { to: partialRow.to })}
              />
            )}
            {data.rows
              .filter((r) => r.unpricedDays > 0)
              .map((r) => (
                <Alert
                  key={r.stationId}
                  type="warning"
                  showIcon
                  message={t('statement.unpriced', { station: r.stationName, count: r.unpricedDays })}
                />
              ))}
            <StatementTiles total={data.total} partial={partialRow ? partialRow.to : null} />
            {anyEnergy ? null : <Empty description={t('statement.empty')} />}
            <StatementTable result={data} onRatio={setRatioRow} />
          </>
        )}
      </Flex>
      <RatioDrawer row={ratioRow} onClose={() => setRatioRow(null)} />
      <SubscriptionDrawer open={subscriptions} onClose={() => setSubscriptions(false)} stations={inScope} />
    </Card>
  );
}
