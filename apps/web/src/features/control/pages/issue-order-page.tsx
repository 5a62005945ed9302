import { type ControlPoint, controlApi, type DeviceNode } from '@ess/contract';
import { Card, Empty, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { useStationLive } from '@/lib/live/use-station-live';
import { usePageTitle } from '@/lib/menu/page-title';
import { useCurrentStation } from '@/lib/station/current-station';
import { usePointList } from '@/lib/station/device-points';
import { useControlLive } from '../api/control-refresh';
import { useDeliver } from '../api/use-deliver';
import { CommandHistory } from '../components/command-history';
import { DevicePicker } from '../components/device-picker';
import { PointTable } from '../components/point-table';
import { pointValueText } from '../components/value-rules';

/**
 * /remote-control/issue-order: a device of the current station, its setpoint and control points
 * with their present values (live) and ranges; a value is delivered after the password dialog and its state
 * follows live in the row. Below, the station's command history.
 */
export function IssueOrderPage() {
  const { t } = useTranslation();
  const title = usePageTitle('/remote-control/issue-order');
  const { stationId } = useCurrentStation();
  const [device, setDevice] = useState<DeviceNode | null>(null);
  // The command last delivered from here, per device and point.
  const [commands, setCommands] = useState<Record<number, Record<string, number>>>({});
  useControlLive(stationId);
  const deliver = useDeliver();
  const points = useEndpoint(controlApi.points, device ? { deviceId: device.id } : null);
  // The present state of each point comes from the device's live readings (command-readback.ts).
  const deviceIds = useMemo(() => (device ? [device.id] : []), [device]);
  const live = useStationLive(stationId, { deviceIds });
  const meta = usePointList(device?.id ?? null);

  if (stationId === null) return <Empty description={t('remoteControl.noStation')} />;

  const onDeliver = async (point: ControlPoint, value: number) => {
    if (!device) return;
    const text = t('remoteControl.confirmText', {
      device: device.name,
      point: point.name,
      value: pointValueText(point, value),
    });
    const id = await deliver.command({ deviceId: device.id, pointCode: point.code, value }, text);
    if (id !== null) setCommands((c) => ({ ...c, [device.id]: { ...c[device.id], [point.code]: id } }));
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="issue-order-page">
      <Card
        title={title}
        extra={
          points.data ? (
            <Tag color={points.data.online ? 'success' : 'default'}>
              {points.data.online ? t('remoteControl.online') : t('remoteControl.offline')}
            </Tag>
          ) : null
        }
      >
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <DevicePicker key={stationId} stationId={stationId} value={device?.id ?? null} onChange={setDevice} />
          {device ? (
            <PointTable
              device={device}
              data={points.data}
              live={live.devices[device.id]}
              meta={meta.data}
              loading={points.isPending}
              commands={commands[device.id] ?? {}}
              onDeliver={onDeliver}
            />
          ) : null}
        </Space>
      </Card>
      <CommandHistory stationId={stationId} />
      {deliver.modal}
    </Space>
  );
}
