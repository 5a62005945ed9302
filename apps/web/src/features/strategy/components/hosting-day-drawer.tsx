import { type HostingDayRow, hostingApi } from '@ess/contract';
import { Alert, Descriptions, Drawer, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { useFormat } from '@/lib/format/use-format';
import { useStationTime } from '@/lib/station/station-time';
import { CompareChart } from './compare-chart';
import { HostingStateTag } from './hosting-state-tag';

/** A hosted day: the plan beside the rule schedule (power and SOC), the review and the delivery. */
export function HostingDayDrawer({ day, onClose }: { day: HostingDayRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const clock = useStationTime();
  const detail = useEndpoint(hostingApi.hostingDay, day ? { id: day.id } : null);
  const d = detail.data;
  return (
    <Drawer
      open={day !== null}
      onClose={onClose}
      width={860}
      title={day ? t('strategy.hosting.dayTitle', { date: day.date }) : ''}
      data-testid="hosting-day-drawer"
    >
      {!d ? (
        <Skeleton active />
      ) : (
        <>
          {d.reason && <Alert type="warning" showIcon message={d.reason} style={{ marginBottom: 12 }} />}
          <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('strategy.hosting.state')}>
              <HostingStateTag row={d} />
            </Descriptions.Item>
            <Descriptions.Item label={t('strategy.hosting.soc0')}>
              {`${f.number(d.soc0)} %`} {d.socMeasured ? '' : `(${t('strategy.hosting.socTarget')})`}
            </Descriptions.Item>
            <Descriptions.Item label={clock.withZone(t('strategy.hosting.deadlineAt'))}>
              {clock.dateMinute(d.deadlineAt)}
            </Descriptions.Item>
            <Descriptions.Item label={clock.withZone(t('strategy.hosting.startAt'))}>
              {clock.dateMinute(d.startAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('strategy.hosting.expected')}>
              {f.moneyExact(d.expectedRevenue)}
            </Descriptions.Item>
            <Descriptions.Item label={t('strategy.hosting.ruleRevenue')}>
              {f.moneyExact(d.ruleRevenue)}
            </Descriptions.Item>
            <Descriptions.Item label={t('strategy.hosting.reviewer')}>{d.reviewer ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('strategy.hosting.opinion')}>{d.opinion || '-'}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{t('strategy.budget.powerChart')}</Typography.Title>
          <CompareChart kind="power" optimal={d.plan.powerKw} rule={d.rule.powerKw} periods={d.periods} />
          <Typography.Title level={5}>{t('strategy.budget.socChart')}</Typography.Title>
          <CompareChart kind="soc" optimal={d.plan.soc} rule={d.rule.soc} periods={d.periods} />
        </>
      )}
    </Drawer>
  );
}
