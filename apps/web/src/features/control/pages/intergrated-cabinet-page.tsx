import { type CabinetRow, type ControlPoint, controlApi } from '@ess/contract';
import { Card, Col, Empty, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveStatus } from '@/components/live-status/live-status';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { useStationLive } from '@/lib/live/use-station-live';
import { useCurrentStation } from '@/lib/station/current-station';
import { useControlLive } from '../api/control-refresh';
import { useDeliver } from '../api/use-deliver';
import { CabinetCard } from '../components/cabinet-card';
import { StationSetpointCard } from '../components/station-setpoint-card';
import { pointValueText } from '../components/value-rules';

/**
 * /remote-control/intergrated-cabinet (the menu's spelling): the station's integrated cabinets
 * with live run state, power and SOC, start / stop, mode and power setpoint, and the station's
 * power setpoint; every action goes through the password dialog and shows its delivery live.
 */
export function IntergratedCabinetPage() {
  const { t } = useTranslation();
  const { stationId } = useCurrentStation();
  const cabinets = useEndpoint(controlApi.cabinets, stationId === null ? null : { stationId });
  const live = useStationLive(stationId);
  useControlLive(stationId);
  const deliver = useDeliver();
  const [commands, setCommands] = useState<Record<number, number>>({});

  if (stationId === null) return <Empty description={t('remoteControl.noStation')} />;

  const onDeliver = (cabinet: CabinetRow) => async (point: ControlPoint, value: number) => {
    const text = t('remoteControl.confirmText', {
      device: cabinet.name,
      point: point.name,
      value: pointValueText(point, value),
    });
    const id = await deliver.command({ deviceId: cabinet.deviceId, pointCode: point.code, value }, text);
    if (id !== null) setCommands((c) => ({ ...c, [cabinet.deviceId]: id }));
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="cabinet-page">
      <Card
        title={t('remoteControl.cabinet.title')}
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
                  onDeliver={onDeliver(c)}
                />
              </Col>
            ))}
          </Row>
        )}
      </Card>
      <StationSetpointCard
        stationId={stationId}
        onDeliver={(value) =>
          deliver.stationSetPoint({ stationId, value }, `${t('remoteControl.cabinet.stationSetpoint')}: ${value} kW`)
        }
      />
      {deliver.modal}
    </Space>
  );
}
