import { LoadingOutlined } from '@ant-design/icons';
import {
  type CommandRow,
  type CommandState,
  type PlanCurveSegment,
  type PlanDelivery,
  type PlanDeliveryStation,
  planCurveApi,
} from '@ess/contract';
import { Space, Table, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommandFeed } from '@/components/command/command-feed';
import { CommandStateTag } from '@/components/command/command-state-tag';
import { isInFlight } from '@/components/command/use-command-state';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { labelledInstant, useStationsClock } from '@/lib/format/platform-time';
import { awaitingExecution, EXECUTION_POLL_MS, ExecutionTag } from './execution-tag';
import { PowerNow } from './power-now';

/** While any station's command is in flight the delivery is asked again this often. */
export const DELIVERY_POLL_MS = 2_000;
/** Up to this many stations follow their live socket too (one socket per station). */
const LIVE_STATIONS = 5;

const stage = (s: CommandState): number => (s === 'pending' ? 0 : s === 'sent' ? 1 : 2);

export const deliveryInFlight = (d: PlanDelivery | undefined): boolean =>
  d?.stations.some((s) => isInFlight(s.state)) ?? false;

/** A station's command: the delivery's answer, overtaken by a newer live `command` message of it. */
function useStationCommand(row: PlanDeliveryStation, live: boolean): { state: CommandState; message: string | null } {
  const [pushed, setPushed] = useState<CommandRow | null>(null);
  useCommandFeed(live && row.commandId !== null && isInFlight(row.state) ? row.stationId : null, (c) => {
    if (c.id === row.commandId) setPushed(c);
  });
  const own = pushed && pushed.id === row.commandId && stage(pushed.state) >= stage(row.state) ? pushed : null;
  return own ? { state: own.state, message: own.message } : { state: row.state, message: row.message };
}

function StationState({ row, live }: { row: PlanDeliveryStation; live: boolean }) {
  const { state, message } = useStationCommand(row, live);
  return (
    <Space size={4} data-testid={`plan-status-${row.stationId}`} data-state={state}>
      {isInFlight(state) ? <LoadingOutlined /> : null}
      <CommandStateTag state={state} />
      {message ? (
        <Typography.Text
          type={state === 'success' ? 'secondary' : 'danger'}
          data-testid={`plan-status-message-${row.stationId}`}
        >
          {message}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/** Power now against the plan, once the station accepted it. */
function StationPower({
  row,
  live,
  segments,
}: {
  row: PlanDeliveryStation;
  live: boolean;
  segments: PlanCurveSegment[];
}) {
  const { state } = useStationCommand(row, live);
  return state === 'success' ? <PowerNow stationId={row.stationId} segments={segments} /> : '-';
}

/** The stations of a delivery with their command states and messages (spec 4), asked again until all settle. */
export function DeliveryStatusTable({
  deliveryId,
  initial,
  onSettled,
  showPower,
}: {
  deliveryId: number;
  initial?: PlanDelivery;
  onSettled?: (d: PlanDelivery) => void;
  /** Adds each accepting station's power now against the plan (the plan just delivered). */
  showPower?: boolean;
}) {
  const { t } = useTranslation();
  const query = useEndpoint(
    planCurveApi.deliveryDetail,
    { id: deliveryId },
    {
      initialData: initial,
      refetchInterval: (q) =>
        deliveryInFlight(q.state.data)
          ? DELIVERY_POLL_MS
          : q.state.data?.stations.some((s) => awaitingExecution(s, Date.now()))
            ? EXECUTION_POLL_MS
            : false,
    },
  );
  const delivery = query.data;
  const settled = delivery !== undefined && !deliveryInFlight(delivery);
  // Told once per delivery: the answer is a new object on every poll.
  const told = useRef<number | null>(null);
  useEffect(() => {
    if (!settled || !delivery || told.current === delivery.id) return;
    told.current = delivery.id;
    onSettled?.(delivery);
  }, [settled, delivery, onSettled]);
  const live = (delivery?.stations.length ?? 0) <= LIVE_STATIONS;
  const clockOfStations = useStationsClock();

  return (
    <Table<PlanDeliveryStation>
      rowKey="stationId"
      size="small"
      pagination={false}
      loading={!delivery}
      dataSource={delivery?.stations ?? []}
      data-testid="plan-status-table"
      columns={[
        {
          key: 'station',
          title: t('planCurve.issue.station'),
          render: (_, r) => `${r.stationName} (${r.stationCode})`,
        },
        { key: 'state', title: t('planCurve.issue.state'), render: (_, r) => <StationState row={r} live={live} /> },
        {
          key: 'execution',
          title: t('planCurve.issue.execution'),
          render: (_, r) => (
            <ExecutionTag
              row={r}
              since={r.controlSince === null ? null : labelledInstant(clockOfStations([r.stationId]), r.controlSince)}
            />
          ),
        },
        ...(showPower
          ? [
              {
                key: 'power',
                title: t('planCurve.issue.powerNow'),
                render: (_: unknown, r: PlanDeliveryStation) =>
                  delivery ? <StationPower row={r} live={live} segments={delivery.segments} /> : '-',
              },
            ]
          : []),
        {
          key: 'time',
          title: t('planCurve.issue.time'),
          width: 180,
          render: (_, r) => {
            // The station's clock, as its planned-versus-actual chart reads.
            return labelledInstant(clockOfStations([r.stationId]), r.resolvedTime ?? r.sentTime);
          },
        },
      ]}
    />
  );
}
