import { type CabinetRow, CONTROL_PERMS, type ControlPoint, type LiveValues } from '@ess/contract';
import { Button, Card, Descriptions, Popconfirm, Progress, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommandProgress } from '@/components/command/command-progress';
import { Permission } from '@/components/permission';
import { ControlSourceText } from './control-source-text';
import { PointValueForm } from './point-value-form';
import { PresentValue } from './present-value-text';
import { runTone } from './run-tone';

/** Who may start, stop and set a cabinet. */
const CABINET_PERMS = [CONTROL_PERMS.send, CONTROL_PERMS.cabinetControl];
/** The start/stop control of a cabinet (1 run, 0 stop). */
const START_STOP = ['startStop', 'runControl'];

type Props = {
  cabinet: CabinetRow;
  stationId: number;
  /** The cabinet's live values (socket), newer than the row's. */
  live: LiveValues | undefined;
  /** The command delivered last from this page for the cabinet. */
  commandId: number | null;
  onDeliver: (point: ControlPoint, value: number) => Promise<unknown>;
};

/**
 * One integrated cabinet: live run state, power (> 0 discharge) and SOC; start and stop behind a
 * confirmation, its mode and power setpoint; the last delivery's state follows live.
 */
export function CabinetCard({ cabinet, stationId, live, commandId, onDeliver }: Props) {
  const { t } = useTranslation();
  const runState = live?.runState?.value ?? cabinet.runState;
  const power = live?.p?.value ?? cabinet.power;
  const soc = live?.soc?.value ?? cabinet.soc;
  const startStop = cabinet.points.find((p) => START_STOP.includes(p.code));
  const others = cabinet.points.filter((p) => p !== startStop);
  const command = commandId ?? cabinet.inFlight?.id ?? null;
  const runText =
    runState === null ? '-' : t(`remoteControl.runState.${runState}` as 'remoteControl.runState.0', String(runState));

  const confirmButton = (value: 0 | 1) =>
    startStop ? (
      <Popconfirm
        title={t(value === 1 ? 'remoteControl.cabinet.startConfirm' : 'remoteControl.cabinet.stopConfirm', {
          name: cabinet.name,
        })}
        onConfirm={() => onDeliver(startStop, value)}
      >
        <Button
          danger={value === 0}
          type={value === 1 ? 'primary' : 'default'}
          data-testid={`cabinet-${cabinet.deviceId}-${value === 1 ? 'start' : 'stop'}`}
        >
          {value === 1 ? t('remoteControl.cabinet.start') : t('remoteControl.cabinet.stop')}
        </Button>
      </Popconfirm>
    ) : null;

  return (
    <Card
      size="small"
      title={
        <Space>
          {cabinet.name}
          <Tag color={cabinet.online ? 'success' : 'default'}>
            {cabinet.online ? t('remoteControl.online') : t('remoteControl.offline')}
          </Tag>
        </Space>
      }
      extra={
        <Permission perms={CABINET_PERMS}>
          <Space>
            {confirmButton(1)}
            {confirmButton(0)}
          </Space>
        </Permission>
      }
      data-testid={`cabinet-${cabinet.deviceId}`}
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('remoteControl.cabinet.runState')}>
          <Tag color={runTone(runState, cabinet.online)} data-testid={`cabinet-${cabinet.deviceId}-run`}>
            {runText}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('remoteControl.source.label')}>
          <ControlSourceText live={live} testId={`cabinet-${cabinet.deviceId}-source`} />
        </Descriptions.Item>
        <Descriptions.Item label={t('remoteControl.cabinet.power')}>
          <span data-testid={`cabinet-${cabinet.deviceId}-power`}>
            {power === null
              ? '-'
              : `${power.toFixed(1)} kW${power > 0 ? ` (${t('remoteControl.cabinet.discharge')})` : power < 0 ? ` (${t('remoteControl.cabinet.charge')})` : ''}`}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('remoteControl.cabinet.soc')}>
          {soc === null ? '-' : <Progress percent={Math.round(soc)} size="small" style={{ width: 160 }} />}
        </Descriptions.Item>
        {others.map((p) => (
          <Descriptions.Item
            key={p.code}
            label={
              <>
                {p.name} (
                <PresentValue
                  point={p}
                  live={live}
                  meta={undefined}
                  testId={`cabinet-${cabinet.deviceId}-${p.code}-current`}
                />
                )
              </>
            }
          >
            <PointValueForm
              point={p}
              perms={CABINET_PERMS}
              onDeliver={(v) => onDeliver(p, v)}
              testId={`cabinet-${cabinet.deviceId}-${p.code}`}
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
