import { type PlanDeliverCheckStation, planCurveApi } from '@ess/contract';
import { Alert, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useControlSourceName } from '@/components/control-source/use-control-source-name';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { useFormat } from '@/lib/format/use-format';

/** One station's line: refused (why), releasing setpoints (of which devices), or taking control. */
function CheckLine({ s }: { s: PlanDeliverCheckStation }) {
  const { t } = useTranslation();
  const format = useFormat();
  const sourceName = useControlSourceName();
  const station = s.stationName;
  if (s.refused)
    return <Alert type="error" showIcon message={t('planCurve.issue.check.refused', { station, reason: s.refused })} />;
  if (s.releases.length > 0)
    return (
      <Alert
        type="warning"
        showIcon
        message={t('planCurve.issue.check.releases', {
          station,
          devices: format.list(s.releases.map((d) => d.deviceName)),
        })}
      />
    );
  if (!s.controlSource) return <Alert type="info" showIcon message={t('planCurve.issue.check.unknown', { station })} />;
  return (
    <Alert
      type="info"
      showIcon
      message={t('planCurve.issue.check.takes', { station, source: sourceName(s.controlSource) })}
    />
  );
}

/**
 * What the delivery will do at each station, told before the password is entered (control
 * precedence): which remote setpoints it releases on which devices, or why a station will refuse it.
 */
export function DeliveryCheck({ stationIds }: { stationIds: number[] }) {
  const { t } = useTranslation();
  const q = useEndpoint(planCurveApi.deliverCheck, { stationIds });
  if (!q.data)
    return q.isError ? null : <Typography.Text type="secondary">{t('planCurve.issue.check.loading')}</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="plan-delivery-check">
      {q.data.map((s) => (
        <CheckLine key={s.stationId} s={s} />
      ))}
    </Space>
  );
}
