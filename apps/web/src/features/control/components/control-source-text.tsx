import { CONTROL_SINCE_POINT, CONTROL_SOURCE_POINT, controlSourceOf, type LiveValues, overrides } from '@ess/contract';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useControlSourceName } from '@/components/control-source/use-control-source-name';
import { labelledInstant } from '@/lib/format/platform-time';
import { useStationTime } from '@/lib/station/station-time';

type Props = { live: LiveValues | undefined; testId: string };

/**
 * Who is in control of a device now, as it reports (`ctrlSource`, `ctrlSince`; docs/control-
 * precedence.md), on the station's clock. A source above a remote setpoint (a sequence, local
 * control, protection) is marked: while it holds, a power set from this page does not decide the output.
 */
export function ControlSourceText({ live, testId }: Props) {
  const { t } = useTranslation();
  const sourceName = useControlSourceName();
  const clock = useStationTime();
  const source = controlSourceOf(live?.[CONTROL_SOURCE_POINT]?.value);
  if (!source)
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        {t('remoteControl.notReported')}
      </Typography.Text>
    );
  const since = live?.[CONTROL_SINCE_POINT]?.value;
  const text = sourceName(source);
  const sinceText = since ? t('remoteControl.source.since', { time: labelledInstant(clock, since * 1000) }) : '';
  return (
    <span data-testid={testId} data-source={source}>
      {overrides(source, 'setpoint') ? (
        <Tooltip title={t('remoteControl.source.holds', { source: text })}>
          <Tag color="warning">{text}</Tag>
        </Tooltip>
      ) : (
        <Tag>{text}</Tag>
      )}
      {sinceText ? <Typography.Text type="secondary">{sinceText}</Typography.Text> : null}
    </span>
  );
}
