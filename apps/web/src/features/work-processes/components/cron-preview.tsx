import { nextCronRuns, parseCron } from '@ess/contract';
import { Form, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { clockOf } from '@/lib/station/station-time';
import { useStationZone } from '../api/process-options';

const PREVIEW_RUNS = 5;

/** The validation rule of a cron field: which of the five fields is wrong, in the user's words. */
export function useCronRule() {
  const { t } = useTranslation();
  return {
    validator: (_: unknown, v: string | undefined) => {
      if (!v?.trim()) return Promise.resolve();
      const parsed = parseCron(v);
      if (parsed.ok) return Promise.resolve();
      return Promise.reject(
        new Error(
          parsed.field === -1
            ? t('workProcesses.schedule.cronFieldCount')
            : t('workProcesses.schedule.cronFieldWrong', {
                field: t(`workProcesses.schedule.cronFields.f${parsed.field}`),
              }),
        ),
      );
    },
  };
}

/**
 * The next runs of the form's cron on the chosen station's clock (the server fires on the same
 * reading of the cron: contract `nextCronRuns`).
 */
export function CronPreview() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const cron: string | undefined = Form.useWatch('cron', form);
  const stationId: number | undefined = Form.useWatch('stationId', form);
  const zone = useStationZone(stationId);
  const preview = useMemo(() => {
    if (!zone || !cron) return null;
    const parsed = parseCron(cron);
    if (!parsed.ok) return null;
    const clock = clockOf(zone);
    return {
      label: clock.label,
      runs: nextCronRuns(parsed.spec, zone, Date.now(), PREVIEW_RUNS).map(clock.dateMinute),
    };
  }, [cron, zone]);

  if (!zone) return <Typography.Text type="secondary">{t('workProcesses.schedule.pickStation')}</Typography.Text>;
  if (!preview) return null;
  return (
    <div data-testid="cron-preview">
      <Typography.Text type="secondary">
        {t('workProcesses.schedule.nextRuns', { zone: preview.label })}
      </Typography.Text>
      {preview.runs.length === 0 ? (
        <Typography.Paragraph type="warning">{t('workProcesses.schedule.noRuns')}</Typography.Paragraph>
      ) : (
        <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
          {preview.runs.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
