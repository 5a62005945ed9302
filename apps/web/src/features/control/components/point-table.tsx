import {
  CONTROL_PERMS,
  type ControlDevicePoints,
  type ControlPoint,
  type LiveValues,
  type PointMeta,
} from '@ess/contract';
import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CommandProgress } from '@/components/command/command-progress';
import { PointValueForm } from './point-value-form';
import { PresentValue } from './present-value-text';
import { pointBounds } from './value-rules';

type Props = {
  device: { id: number; name: string };
  data: ControlDevicePoints | undefined;
  /** The device's live readings (socket, or polled while it is down). */
  live: LiveValues | undefined;
  /** The device's point definitions: names and state labels of the readings. */
  meta: PointMeta[] | undefined;
  loading: boolean;
  /** The command delivered from this page per point code (its live state shows in the row). */
  commands: Record<string, number>;
  onDeliver: (point: ControlPoint, value: number) => Promise<unknown>;
};

/** The device's setpoint and control points: current value, range, a value to deliver and its live state. */
export function PointTable({ device, data, live, meta, loading, commands, onDeliver }: Props) {
  const { t } = useTranslation();
  const inFlight = data?.inFlight ?? null;
  const commandOf = (code: string): number | null =>
    commands[code] ?? (inFlight && inFlight.pointCode === code ? inFlight.id : null);

  const columns: ColumnsType<ControlPoint> = [
    {
      key: 'point',
      title: t('remoteControl.point'),
      render: (_, p) => (
        <>
          {p.name} <Typography.Text type="secondary">{p.code}</Typography.Text>{' '}
          <Tag>{t(`remoteControl.kind.${p.kind}`)}</Tag>
        </>
      ),
    },
    {
      key: 'current',
      title: t('remoteControl.current'),
      render: (_, p) => <PresentValue point={p} live={live} meta={meta} testId={`current-${p.code}`} />,
    },
    {
      key: 'range',
      title: t('remoteControl.range'),
      render: (_, p) => {
        if (p.states) return p.states.map((s) => `${s.value} ${s.label}`).join(' / ');
        const b = pointBounds(p);
        return `${b.min} ~ ${b.max}${p.unit ? ` ${p.unit}` : ''}`;
      },
    },
    {
      key: 'value',
      title: t('remoteControl.value'),
      render: (_, p) => (
        <PointValueForm
          point={p}
          perms={[CONTROL_PERMS.send]}
          onDeliver={(v) => onDeliver(p, v)}
          testId={`point-${p.code}`}
        />
      ),
    },
    {
      key: 'state',
      title: t('remoteControl.state'),
      render: (_, p) => {
        const id = commandOf(p.code);
        return id === null ? '-' : <CommandProgress id={id} stationId={data?.stationId ?? null} />;
      },
    },
  ];

  return (
    <Table<ControlPoint>
      rowKey="code"
      size="small"
      columns={columns}
      dataSource={data?.points ?? []}
      loading={loading}
      pagination={false}
      locale={{ emptyText: data ? t('remoteControl.noPoints') : t('remoteControl.chooseDevice') }}
      data-testid={`points-${device.id}`}
    />
  );
}
