import { strategyApi, strategyMessages } from '@ess/contract';
import { Button, Card, Empty, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { useServerText } from '@/lib/i18n/server-text';
import { useCurrentStation } from '@/lib/station/current-station';
import { useBudgetRun } from '../api/strategy-calls';
import { BudgetResult } from '../components/budget-result';
import { DayPicker } from '../components/day-picker';
import { FailureAlert } from '../components/failure-alert';
import { SaveTemplateButton } from '../components/save-template-button';
import { suggestedTemplate } from '../components/suggested-template';
import { usePlanDate } from '../hooks/use-plan-date';

/**
 * Budget with strategy generation (/strategic-management/budget): for a station's day, the
 * optimal (linear programming) schedule against the rule-based one on the same forecast, the
 * expected revenue per day and month and the uplift; the optimal schedule can be saved as a plan
 * curve template. A failure ("compute failed") shows in the server's words.
 */
export function BudgetPage() {
  const { t } = useTranslation();
  const text = useServerText();
  const { stationId, station, isPending } = useCurrentStation();
  const [date, setDate] = usePlanDate();
  // Silent: the failure shows on the page in the server's words, not only as a toast.
  const run = useBudgetRun();
  if (stationId === null) return isPending ? <Skeleton active /> : <Empty description={t('strategy.noStation')} />;
  // A result of another station or date is not this one's.
  const result = run.data && run.data.stationId === stationId && run.data.date === date ? run.data : null;
  const failed = run.isError && run.variables?.stationId === stationId && run.variables.date === date;
  return (
    <Card
      data-testid="budget-page"
      title={
        <>
          {t('strategy.budget.title')}
          {station ? <Typography.Text type="secondary"> · {station.name}</Typography.Text> : null}
        </>
      }
      extra={
        <Space wrap>
          <DayPicker value={date} onChange={setDate} testId="budget-date" />
          <Permission endpoint={strategyApi.budget}>
            <Button
              type="primary"
              loading={run.isPending}
              onClick={() => run.mutate({ stationId, date })}
              data-testid="budget-run"
            >
              {t('strategy.budget.run')}
            </Button>
          </Permission>
          {result && (
            <SaveTemplateButton
              stationId={stationId}
              segments={result.optimal.segments}
              suggested={suggestedTemplate(station?.code ?? null, date, t('strategy.budget.optimal'))}
            />
          )}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('strategy.budget.subtitle')}</Typography.Paragraph>
      {failed && run.error ? (
        <FailureAlert error={run.error} fallback={text(strategyMessages.strategyComputeFailed)} testId="budget-error" />
      ) : result ? (
        <BudgetResult budget={result} />
      ) : run.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Empty description={t('strategy.budget.prompt')} />
      )}
    </Card>
  );
}
