import type { StrategyBudget } from '@ess/contract';
import { Alert, Card, Col, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { signedDifference } from '@/lib/format/signed-difference';
import { useFormat } from '@/lib/format/use-format';
import { useLang } from '@/lib/i18n/use-lang';
import { palette } from '@/lib/theme/palette';
import { CompareChart } from './compare-chart';
import { Figures } from './figures';

/** A computed budget: revenue per day and month, uplift over the rule, and both schedules charted. */
export function BudgetResult({ budget }: { budget: StrategyBudget }) {
  const { t } = useTranslation();
  const f = useFormat();
  const lang = useLang();
  const { optimal, rule } = budget;
  const uplift = signedDifference(budget.upliftPct, lang, 1, '%');
  const upliftColor = { up: palette.revenue.positive, down: palette.revenue.negative, zero: undefined }[uplift.tone];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="budget-result">
      <Typography.Text type="secondary">{t('strategy.plan.template', { name: budget.templateName })}</Typography.Text>
      {optimal.demandViolationKw > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="budget-violation"
          title={t('strategy.budget.violation', { kw: f.number(optimal.demandViolationKw) })}
        />
      )}
      <Figures
        items={[
          {
            key: 'day-revenue',
            label: t('strategy.budget.dayRevenue'),
            value: f.money(optimal.revenue),
            color: optimal.revenue < 0 ? palette.revenue.negative : palette.revenue.positive,
            sub: (
              <Typography.Text type="secondary">
                {t('strategy.budget.ruleRevenue', { value: f.money(rule.revenue) })}
              </Typography.Text>
            ),
          },
          {
            key: 'month-revenue',
            label: t('strategy.budget.monthRevenue'),
            value: f.money(budget.monthRevenue),
            sub: (
              <Typography.Text type="secondary">
                {t('strategy.budget.monthNote', { month: budget.month, days: budget.monthDays })}
                {budget.monthDaysWithoutTariff > 0
                  ? ` · ${t('strategy.budget.monthWithoutTariff', { count: budget.monthDaysWithoutTariff })}`
                  : ''}
              </Typography.Text>
            ),
          },
          {
            key: 'uplift',
            label: t('strategy.budget.uplift'),
            value: uplift.text,
            color: upliftColor,
            sub:
              budget.upliftPct === null ? (
                <Typography.Text type="secondary">{t('strategy.budget.upliftNone')}</Typography.Text>
              ) : undefined,
          },
          {
            key: 'throughput',
            label: t('strategy.budget.optimal'),
            value: f.energy(optimal.dischargedKwh),
            sub: (
              <Typography.Text type="secondary">
                {t('strategy.budget.throughput', {
                  charged: f.energy(optimal.chargedKwh),
                  discharged: f.energy(optimal.dischargedKwh),
                })}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('strategy.budget.powerChart')}>
            <CompareChart kind="power" optimal={optimal.powerKw} rule={rule.powerKw} periods={budget.periods} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('strategy.budget.socChart')}>
            <CompareChart kind="soc" optimal={optimal.soc} rule={rule.soc} periods={budget.periods} />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
