import { COMMAND_KIND_NAMES, COMMAND_STATES, type CommandPage, type CommandState, controlApi } from '@ess/contract';
import { Button, DatePicker, Form, Popconfirm, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandStateTag } from '@/components/command/command-state-tag';
import { FilterBar, ListCard, ServerListExport, useEndpointMutation, useServerTable } from '@/components/crud';
import { instantText } from '@/lib/format/platform-time';
import { useLang } from '@/lib/i18n/use-lang';
import { flattenDevices, useDeviceTree } from '@/lib/station/device-tree';
import { useStationTime } from '@/lib/station/station-time';

type FilterValues = { deviceId?: number; state?: CommandState; range?: [Dayjs, Dayjs] };

type PageRow = CommandPage['rows'][number];
/** The station's commands, newest first, filtered by device, state and time; in-flight ones may be cancelled. */
const inclusive = (r: { from: number; to: number }) => ({ from: r.from, to: r.to - 1 });

export function CommandHistory({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const clock = useStationTime();
  const [values, setValues] = useState<Partial<FilterValues>>({});
  const devices = flattenDevices(useDeviceTree(stationId).data);
  const filters = useMemo(
    () => ({
      stationId,
      deviceId: values.deviceId,
      state: values.state,
      // The station's days (the call's `to` is inclusive).
      ...(values.range ? inclusive(clock.pickedDays(values.range[0], values.range[1])) : {}),
    }),
    [stationId, values, clock],
  );
  const table = useServerTable(controlApi.commandPage, filters);
  const cancel = useEndpointMutation(controlApi.commandCancel, {
    invalidate: [controlApi.commandPage, controlApi.points],
  });

  const columns: ColumnsType<PageRow> = [
    {
      key: 'time',
      title: clock.withZone(t('remoteControl.history.time')),
      render: (_, r) => instantText(clock, r.createTime),
    },
    { key: 'device', title: t('remoteControl.device'), render: (_, r) => r.deviceName ?? r.deviceSn ?? '-' },
    {
      key: 'point',
      title: t('remoteControl.point'),
      // The point's name, its code as secondary text; a command without a point says what it does.
      render: (_, r) =>
        r.pointCode === null ? (
          COMMAND_KIND_NAMES[r.kind][lang]
        ) : (
          <>
            {r.pointName ?? r.pointCode}{' '}
            {r.pointName ? <Typography.Text type="secondary">{r.pointCode}</Typography.Text> : null}
          </>
        ),
    },
    { key: 'value', title: t('remoteControl.value'), render: (_, r) => r.value ?? '-' },
    {
      key: 'state',
      title: t('remoteControl.state'),
      render: (_, r) => <CommandStateTag state={r.state} />,
    },
    { key: 'by', title: t('remoteControl.history.issuedBy'), render: (_, r) => r.issuedBy ?? '-' },
    {
      key: 'message',
      title: t('remoteControl.history.message'),
      ellipsis: true,
      render: (_, r) => r.message ?? '-',
    },
    {
      key: 'actions',
      title: t('remoteControl.history.actions'),
      width: 90,
      render: (_, r) =>
        r.cancellable ? (
          <Popconfirm
            title={t('remoteControl.history.cancelConfirm')}
            onConfirm={() => cancel.mutateAsync({ id: r.id }).catch(() => undefined)}
          >
            <Button type="link" size="small" danger data-testid={`cancel-${r.id}`}>
              {t('remoteControl.history.cancel')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <ListCard
      title={t('remoteControl.history.title')}
      testId="command-history"
      failed={table.query.isError && !table.query.data}
      toolbar={
        <ServerListExport
          list={controlApi.commandPage}
          filters={filters}
          table={table}
          columns={columns}
          fileName={t('remoteControl.history.title')}
          testId="command-history-export"
        />
      }
      filters={
        <FilterBar<FilterValues> onSearch={setValues}>
          <Form.Item name="deviceId">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 220 }}
              placeholder={t('remoteControl.device')}
              options={devices.map((d) => ({ value: d.id, label: `${d.name} (${d.sn})` }))}
            />
          </Form.Item>
          <Form.Item name="state">
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('remoteControl.history.anyState')}
              options={COMMAND_STATES.map((s) => ({ value: s, label: t(`command.state.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="range">
            <DatePicker.RangePicker />
          </Form.Item>
        </FilterBar>
      }
    >
      <Table<PageRow> rowKey="id" size="small" columns={columns} {...table.tableProps} />
    </ListCard>
  );
}
