import type { CurveSeries } from '@ess/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const DAY = 86_400_000;

/** "Resolution: 15 min" — what the chart's buckets are, so a reader knows what a point means. */
export function ResolutionTag({ series, zoomed }: { series: CurveSeries | undefined; zoomed: boolean }) {
  const { t } = useTranslation();
  if (!series) return null;
  const ms = series.bucketMs;
  const bucket =
    ms === null
      ? ''
      : ms >= 60_000
        ? t('history.resolution.minutes', { count: ms / 60_000 })
        : t('history.resolution.seconds', { count: ms / 1000 });
  const text =
    series.resolution === 'raw'
      ? ms === null
        ? t('history.resolution.raw')
        : t('history.resolution.rawBucket', { size: bucket })
      : series.resolution === '15m'
        ? t('history.resolution.quarter')
        : series.resolution === '1h'
          ? t('history.resolution.hour')
          : t('history.resolution.days', { count: Math.max(1, Math.round((ms ?? DAY) / DAY)) });
  return (
    <Tooltip title={zoomed ? t('history.resolution.zoomed') : undefined}>
      <Tag color={zoomed ? 'blue' : 'default'} data-testid="history-resolution">
        {t('history.resolution.label', { value: text })}
      </Tag>
    </Tooltip>
  );
}
