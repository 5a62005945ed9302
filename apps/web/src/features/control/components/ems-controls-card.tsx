import { CONTROL_PERMS, type ControlPoint, controlApi, type DeviceNode, type LiveValues } from '@ess/contract';
import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommandProgress } from '@/components/command/command-progress';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { usePointList } from '@/lib/station/device-points';
import { ControlSourceText } from './control-source-text';
import { PointValueForm } from './point-value-form';
import { PresentValue } from './present-value-text';

type Props = {
  ems: DeviceNode;
  stationId: number;
  commandId: number | null;
  /** The EMS's live readings: its reported mode shows the present mode and start/stop. */
  live: LiveValues | undefined;
  onDeliver: (point: ControlPoint, value: number) => Promise<unknown>;
};

/** The station-wide controls of the EMS (operating mode, start/stop); its power setpoint has its own card. */
export function EmsControlsCard({ ems, stationId, commandId, live, onDeliver }: Props) {
  const { t } = useTranslation();
  const points = useEndpoint(controlApi.points, { deviceId: ems.id });
  const meta = usePointList(ems.id);
  const controls = (points.data?.points ?? []).filter((p) => p.kind === 'control');
  const command = commandId ?? points.data?.inFlight?.id ?? null;
  if (points.data && controls.length === 0) return null;
  return (
    <Card
      size="small"
      title={`${ems.name} (${ems.sn})`}
      loading={points.isPending}
      extra={
        points.data ? (
          <Tag color={points.data.online ? 'success' : 'default'}>
            {points.data.online ? t('remoteControl.online') : t('remoteControl.offline')}
          </Tag>
        ) : null
      }
      data-testid="ems-controls"
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('remoteControl.source.label')}>
          <ControlSourceText live={live} testId="ems-source" />
        </Descriptions.Item>
        {controls.map((p) => (
          <Descriptions.Item
            key={p.code}
            label={
              <>
                {p.name} (<PresentValue point={p} live={live} meta={meta.data} testId={`ems-${p.code}-current`} />)
              </>
            }
          >
            <PointValueForm
              point={p}
              perms={[CONTROL_PERMS.send]}
              onDeliver={(v) => onDeliver(p, v)}
              testId={`ems-${p.code}`}
            />
          </Descriptions.Item>
        ))}
        {command !== null ? (
          <Descriptions.Item label={t('remoteControl.state')}>
            <CommandProgress id={command} stationId={stationId} />
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Card>
  );
}
