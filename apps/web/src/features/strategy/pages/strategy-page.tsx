import { Alert, Card, Empty, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentStation } from '@/lib/station/current-station';
import { useStrategySettings } from '../api/strategy-calls';
import { DailyPlanCard } from '../components/daily-plan-card';
import { SettingsForm } from '../components/settings-form';

/**
 * Peak shaving / valley filling strategy (/strategic-management/strategy): the current station's
 * settings (demand limit, anti-backflow, SOC reserve, efficiencies) and the daily plan they give
 * with the station's TOU template and load forecast.
 */
export function StrategyPage() {
  const { t } = useTranslation();
  const { stationId, station, isPending } = useCurrentStation();
  const settings = useStrategySettings(stationId);
  if (stationId === null) return isPending ? <Skeleton active /> : <Empty description={t('strategy.noStation')} />;
  return (
    <Space orientation="vertical" size={14} style={{ width: '100%' }} data-testid="strategy-page">
      <Card
        title={
          <>
            {t('strategy.settings.title')}
            {station ? <Typography.Text type="secondary"> · {station.name}</Typography.Text> : null}
          </>
        }
      >
        <Typography.Paragraph type="secondary">{t('strategy.settings.subtitle')}</Typography.Paragraph>
        {settings.isError && !settings.data ? (
          <Alert type="error" showIcon title={t('strategy.loadFailed')} />
        ) : !settings.data ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <SettingsForm settings={settings.data} />
        )}
      </Card>
      <DailyPlanCard stationId={stationId} stationCode={station?.code ?? null} />
    </Space>
  );
}
