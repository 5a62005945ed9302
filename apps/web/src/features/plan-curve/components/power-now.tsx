import { DEFAULT_TIMEZONE, localClock, monitoringApi, type PlanCurveSegment, planSegmentAt } from '@ess/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { useLang } from '@/lib/i18n/use-lang';
import { stationsOf, useStations } from '@/lib/session/api/get-stations';

/** The station's power is asked again this often while the row is shown. */
export const POWER_POLL_MS = 10_000;

/**
 * A station's storage power now against the delivered plan's power at its local time, both kW
 * (> 0 discharge): whether the station follows the plan it accepted.
 */
export function PowerNow({ stationId, segments }: { stationId: number; segments: readonly PlanCurveSegment[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const zone = stationsOf(useStations(lang).data).find((s) => s.id === stationId)?.timezone ?? DEFAULT_TIMEZONE;
  const flow = useEndpoint(
    monitoringApi.energyFlow,
    { stationId },
    { refetchInterval: POWER_POLL_MS, call: { silent: true } },
  );
  const planned = planSegmentAt(segments, Math.floor(localClock(Date.now(), zone).minuteOfDay))?.powerKw ?? 0;
  const actual = flow.data?.storagePower ?? null;
  return (
    <Typography.Text
      data-testid={`plan-power-${stationId}`}
      data-actual={actual ?? ''}
      data-planned={planned}
      title={t('planCurve.issue.powerNow')}
    >
      {`${actual === null ? '-' : Math.round(actual * 10) / 10} / ${planned}`}
    </Typography.Text>
  );
}
