import type { PointMeta } from '@ess/contract';
import { Badge, Button, Table, type TableColumnsType, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { stateLabel } from '@/components/device-widgets/device-values';
import { usePointFormat } from '@/components/device-widgets/point-format';
import { SocBar } from '@/components/device-widgets/soc-bar';
import { ToneTag } from '@/components/device-widgets/tone-tag';
import { useFormat } from '@/lib/format/use-format';
import { useStationTime } from '@/lib/station/station-time';
import { type CabinetRow, compareNullable } from './cabinet-rows';

type Props = {
  rows: CabinetRow[];
  points: readonly PointMeta[];
  loading: boolean;
  selectedId: number | null;
  onOpen: (deviceId: number) => void;
  emptyText: string;
};

/** Point columns of the list, with the point naming which cell holds an extreme. */
const VALUE_COLUMNS: readonly { code: string; cell?: string; width: number }[] = [
  { code: 'p', width: 120 },
  { code: 'soc', width: 170 },
  { code: 'soh', width: 90 },
  { code: 'cellVmax', cell: 'cellVmaxNo', width: 140 },
  { code: 'cellVmin', cell: 'cellVminNo', width: 140 },
  { code: 'cellTmax', cell: 'cellTmaxNo', width: 130 },
  { code: 'cellTmin', cell: 'cellTminNo', width: 130 },
];

/** Every 215 kWh cabinet with its live key values, sortable by each, a row opening the cabinet's drawer. */
export function CabinetTable({ rows, points, loading, selectedId, onOpen, emptyText }: Props) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const clock = useStationTime();
  const format = usePointFormat();
  const meta = (code: string) => points.find((p) => p.code === code);
  const val = (r: CabinetRow, code: string) => r.device.values[code]?.value ?? null;

  const columns: TableColumnsType<CabinetRow> = [
    {
      key: 'name',
      title: t('devices.cabinets.name'),
      fixed: 'left',
      width: 170,
      sorter: (a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }),
      defaultSortOrder: 'ascend',
      render: (_, r) => (
        <div>
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto', fontWeight: 600 }}
            onClick={(e) => {
              e.stopPropagation();
              onOpen(r.id);
            }}
            data-testid={`cabinet-link-${r.sn}`}
          >
            {r.name}
          </Button>
          <div style={{ fontSize: 11, opacity: 0.55 }}>{r.sn}</div>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('devices.cabinets.status'),
      width: 110,
      sorter: (a, b) => a.status.localeCompare(b.status),
      render: (_, r) => (
        <Badge status={r.status === 'online' ? 'success' : 'default'} text={t(`deviceWidgets.status.${r.status}`)} />
      ),
    },
    {
      key: 'runState',
      title: meta('runState')?.name ?? '',
      width: 120,
      sorter: (a, b, order) => compareNullable(a.runState, b.runState, order),
      render: (_, r) => <ToneTag tone={r.tone} label={stateLabel(meta('runState'), r.device.values.runState)} />,
    },
    ...VALUE_COLUMNS.map(({ code, cell, width }): TableColumnsType<CabinetRow>[number] => ({
      key: code,
      title: meta(code)?.name ?? code,
      width,
      align: code === 'soc' ? 'left' : 'right',
      sorter: (a, b, order) => compareNullable(val(a, code), val(b, code), order),
      render: (_, r) =>
        code === 'soc' ? (
          <SocBar value={val(r, code)} label="" />
        ) : (
          <span style={{ whiteSpace: 'nowrap' }}>
            {format(meta(code), r.device.values[code])}
            {cell && r.device.values[cell] && (
              <span style={{ marginLeft: 4, fontSize: 11, opacity: 0.55 }}>
                {t('deviceWidgets.cell', { no: r.device.values[cell]?.value })}
              </span>
            )}
          </span>
        ),
    })),
    {
      key: 'todayCharge',
      title: t('devices.cabinets.todayCharge'),
      width: 120,
      align: 'right',
      sorter: (a, b, order) => compareNullable(a.todayChargeKwh, b.todayChargeKwh, order),
      render: (_, r) => fmt.energy(r.todayChargeKwh, 'kWh'),
    },
    {
      key: 'todayDischarge',
      title: t('devices.cabinets.todayDischarge'),
      width: 120,
      align: 'right',
      sorter: (a, b, order) => compareNullable(a.todayDischargeKwh, b.todayDischargeKwh, order),
      render: (_, r) => fmt.energy(r.todayDischargeKwh, 'kWh'),
    },
    {
      key: 'updated',
      title: t('devices.cabinets.updated'),
      width: 130,
      sorter: (a, b, order) => compareNullable(a.lastSeen, b.lastSeen, order),
      render: (_, r) =>
        r.lastSeen === null ? (
          t('deviceWidgets.neverSeen')
        ) : (
          <Tooltip title={clock.withZone(clock.dateTime(r.lastSeen))}>
            <span style={{ whiteSpace: 'nowrap' }}>{fmt.ago(r.lastSeen)}</span>
          </Tooltip>
        ),
    },
  ];

  return (
    <Table<CabinetRow>
      data-testid="cabinet-table"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      sticky
      pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: true } : false}
      rowClassName={(r) => (r.id === selectedId ? 'ant-table-row-selected' : '')}
      onRow={(r) => ({ onClick: () => onOpen(r.id), style: { cursor: 'pointer' } })}
      locale={{ emptyText }}
      showSorterTooltip={false}
    />
  );
}
