import { Alert, Card, Descriptions, Empty, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { useCurrentStation } from '@/lib/station/current-station';
import { useLoadForecast } from '../api/strategy-calls';
import { BacktestCard } from '../components/backtest-card';
import { DayPicker } from '../components/day-picker';
import { ForecastChart } from '../components/forecast-chart';
import { usePlanDate } from '../hooks/use-plan-date';

/**
 * Load forecast (/strategic-management/electricity-curve): a station's day-ahead load per
 * quarter-hour (tomorrow on its clock by default) against what was measured where the date has
 * data, the past days it rests on, and a backtest of its accuracy (MAPE).
 */
export function ElectricityCurvePage() {
  const { t } = useTranslation();
  const f = useFormat();
  const { stationId, station, isPending } = useCurrentStation();
  const [date, setDate] = usePlanDate();
  const forecast = useLoadForecast(stationId, date);
  if (stationId === null) return isPending ? <Skeleton active /> : <Empty description={t('strategy.noStation')} />;
  const data = forecast.data;
  const noHistory = data ? data.stepsKw.every((v) => v === null) : false;
  return (
    <Space orientation="vertical" size={14} style={{ width: '100%' }} data-testid="electricity-curve-page">
      <Card
        title={
          <>
            {t('strategy.forecast.title')}
            {station ? <Typography.Text type="secondary"> · {station.name}</Typography.Text> : null}
          </>
        }
        extra={<DayPicker value={date} onChange={setDate} testId="forecast-date" />}
      >
        <Typography.Paragraph type="secondary">{t('strategy.forecast.subtitle')}</Typography.Paragraph>
        {forecast.isError ? (
          <Alert type="error" showIcon title={forecast.error.message || t('strategy.loadFailed')} />
        ) : !data ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : noHistory ? (
          <Empty description={t('strategy.forecast.noHistory')} data-testid="forecast-no-history" />
        ) : (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            {data.actualKw === null && <Alert type="info" showIcon title={t('strategy.forecast.noActual')} />}
            <ForecastChart forecast={data.stepsKw} actual={data.actualKw} />
            <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="forecast-basis">
              <Descriptions.Item label={t('strategy.forecast.basis')}>
                <span title={data.basis.join(', ')}>
                  {t('strategy.forecast.basisDays', { count: data.basis.length })}
                  {data.basis.length > 0 ? ` (${data.basis[0]} … ${data.basis[data.basis.length - 1]})` : ''}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('strategy.forecast.temperature')}>
                {data.temperatureC === null ? '-' : `${f.number(data.temperatureC)} °C`}
              </Descriptions.Item>
              <Descriptions.Item label={t('strategy.forecast.temperatureCoef')}>
                {t('strategy.forecast.perDegree', { value: f.number(data.temperatureCoefKw, 2) })}
              </Descriptions.Item>
            </Descriptions>
          </Space>
        )}
      </Card>
      <BacktestCard stationId={stationId} />
    </Space>
  );
}
