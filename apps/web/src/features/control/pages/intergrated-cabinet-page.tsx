import { type CabinetRow, type ControlPoint, controlApi, type DeviceNode } from '@ess/contract';
import { Card, Col, Empty, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveStatus } from '@/components/live-status/live-status';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { useStationLive } from '@/lib/live/use-station-live';
import { usePageTitle } from '@/lib/menu/page-title';
import { useCurrentStation } from '@/lib/station/current-station';
import { flattenDevices, useDeviceTree } from '@/lib/station/device-tree';
import { useControlLive } from '../api/control-refresh';
import { useDeliver } from '../api/use-deliver';
import { CabinetCard } from '../components/cabinet-card';
import { EmsControlsCard } from '../components/ems-controls-card';
import { StationSetpointCard } from '../components/station-setpoint-card';
import { pointValueText } from '../components/value-rules';

/**
 * /remote-control/intergrated-cabinet (the menu's spelling): the station's integrated cabinets
 * with live run state, power and SOC, start / stop and power setpoint; the station's EMS mode
 * and start / stop, and the station's power setpoint; every action goes through the password
 * dialog and shows its delivery live.
 */
export function IntergratedCabinetPage() {
  const { t } = useTranslation();
  const title = usePageTitle('/remote-control/intergrated-cabinet');
  const { stationId, station } = useCurrentStation();
  const cabinets = useEndpoint(controlApi.cabinets, stationId === null ? null : { stationId });
  const live = useStationLive(stationId);
  useControlLive(stationId);
  const deliver = useDeliver();
  const [commands, setCommands] = useState<Record<number, number>>({});
  const ems = flattenDevices(useDeviceTree(stationId).data).find((d) => d.type === 'ems') ?? null;

  if (stationId === null) return <Empty description={t('remoteControl.noStation')} />;

  const onDeliver = (device: { id: number; name: string }) => async (point: ControlPoint, value: number) => {
    const text = t('remoteControl.confirmText', {
      device: device.name,
      point: point.name,
      value: pointValueText(point, value),
    });
    const id = await deliver.command({ deviceId: device.id, pointCode: point.code, value }, text);
    if (id !== null) setCommands((c) => ({ ...c, [device.id]: id }));
  };
  const ofCabinet = (c: CabinetRow) => ({ id: c.deviceId, name: c.name });
  const ofDevice = (d: DeviceNode) => ({ id: d.id, name: d.name });

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="cabinet-page">
      <Card
        title={title}
        extra={<LiveStatus status={live.status} ts={live.summary?.ts ?? null} />}
        loading={cabinets.isPending}
      >
        {cabinets.data && cabinets.data.length === 0 ? (
          <Empty description={t('remoteControl.cabinet.none')} />
        ) : (
          <Row gutter={[16, 16]}>
            {(cabinets.data ?? []).map((c) => (
              <Col key={c.deviceId} xs={24} md={12} xl={8}>
                <CabinetCard
                  cabinet={c}
                  stationId={stationId}
                  live={live.devices[c.deviceId]}
                  commandId={commands[c.deviceId] ?? null}
                  onDeliver={onDeliver(ofCabinet(c))}
                />
              </Col>
            ))}
          </Row>
        )}
      </Card>
      {ems ? (
        <EmsControlsCard
          ems={ems}
          stationId={stationId}
          commandId={commands[ems.id] ?? null}
          live={live.devices[ems.id]}
          onDeliver={onDeliver(ofDevice(ems))}
        />
      ) : null}
      <StationSetpointCard
        stationId={stationId}
        ratedPowerKw={station?.ratedPowerKw ?? null}
        onDeliver={(value) =>
          deliver.stationSetPoint({ stationId, value }, `${t('remoteControl.cabinet.stationSetpoint')}: ${value} kW`)
        }
      />
      {deliver.modal}
    </Space>
  );
}
