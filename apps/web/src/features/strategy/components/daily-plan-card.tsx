import { Alert, Card, Empty, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { palette } from '@/lib/theme/palette';
import { useDailyPlan } from '../api/strategy-calls';
import { usePlanDate } from '../hooks/use-plan-date';
import { DayPicker } from './day-picker';
import { FailureAlert } from './failure-alert';
import { Figures } from './figures';
import { PlanChart } from './plan-chart';
import { SaveTemplateButton } from './save-template-button';
import { suggestedTemplate } from './suggested-template';

/** The rule-based plan of one local day (tomorrow by default), its totals and "save as template". */
export function DailyPlanCard({ stationId, stationCode }: { stationId: number; stationCode: string | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [date, setDate] = usePlanDate();
  const plan = useDailyPlan(stationId, date);
  const data = plan.data;
  return (
    <Card
      title={t('strategy.plan.title')}
      extra={
        <Space wrap>
          <DayPicker value={date} onChange={setDate} testId="strategy-plan-date" />
          {data && (
            <SaveTemplateButton
              stationId={stationId}
              segments={data.plan.segments}
              suggested={suggestedTemplate(stationCode, date, t('strategy.plan.title'))}
            />
          )}
        </Space>
      }
      data-testid="strategy-daily-plan"
    >
      <Typography.Paragraph type="secondary">{t('strategy.plan.subtitle')}</Typography.Paragraph>
      {plan.isError ? (
        <FailureAlert error={plan.error} fallback={t('strategy.loadFailed')} testId="strategy-plan-error" />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text type="secondary" data-testid="strategy-plan-template">
            {t('strategy.plan.template', { name: data.templateName })}
          </Typography.Text>
          {data.plan.demandViolationKw > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="strategy-plan-violation"
              title={t('strategy.plan.violation', { kw: f.number(data.plan.demandViolationKw) })}
            />
          )}
          <Figures
            items={[
              {
                key: 'charged',
                label: t('strategy.plan.charged'),
                value: f.energy(data.plan.chargedKwh),
                color: palette.reportTile.charge,
              },
              {
                key: 'discharged',
                label: t('strategy.plan.discharged'),
                value: f.energy(data.plan.dischargedKwh),
                color: palette.reportTile.discharge,
              },
              {
                key: 'revenue',
                label: t('strategy.plan.revenue'),
                value: f.money(data.plan.revenue),
                color: data.plan.revenue < 0 ? palette.revenue.negative : palette.revenue.positive,
              },
            ]}
          />
          {data.plan.powerKw.length === 0 ? (
            <Empty />
          ) : (
            <PlanChart
              data={{
                periods: data.periods,
                powerKw: data.plan.powerKw,
                gridKw: data.plan.gridKw,
                loadKw: data.loadKw,
                pvKw: data.pvKw,
                soc: data.plan.soc,
                demandLimitKw: data.settings.demandLimitKw,
              }}
            />
          )}
        </Space>
      )}
    </Card>
  );
}
