import {
  calibrated,
  checkOffsetValue,
  checkScale,
  configApi,
  configMessages,
  type OffsetProblem,
  type OffsetRow,
} from '@ess/contract';
import { Checkbox, Empty, Form, Input, InputNumber, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editAction, FilterBar, FormModal, ListCard, RowActions } from '@/components/crud';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';
import { serverText } from '@/lib/i18n/server-text';
import { useCurrentStation } from '@/lib/station/current-station';
import { flattenDevices, useDeviceTree } from '@/lib/station/device-tree';
import { type OffsetFilters, useOffsetTable, useSaveOffset } from '../api/offsets';

type Filters = OffsetFilters;
type Values = { scale: number; offset: number };

/**
 * Offset settings (/system/offset-setting): the calibration of the current station's reported
 * points, stored = raw × scale + offset, applied by ingest from the next message on.
 */
export function OffsetSettingPage() {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const { stationId, station } = useCurrentStation();
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<OffsetRow | null>(null);
  const tree = useDeviceTree(stationId);
  const devices = useMemo(() => flattenDevices(tree.data), [tree.data]);
  const table = useOffsetTable(stationId, filters);
  const save = useSaveOffset();

  const problem = (p: OffsetProblem | null) =>
    p === null ? Promise.resolve() : Promise.reject(new Error(serverText(configMessages[p])));
  const saveOne = (row: OffsetRow, v: Values) =>
    stationId === null
      ? Promise.resolve(null)
      : save.mutateAsync({ stationId, items: [{ pointId: row.pointId, scale: v.scale, offset: v.offset }] });

  const columns: ColumnsType<OffsetRow> = [
    { key: 'deviceName', title: t('stationConfig.offset.device'), dataIndex: 'deviceName', sorter: true },
    {
      key: 'code',
      title: t('stationConfig.offset.point'),
      sorter: true,
      render: (_, r) => (
        <>
          <span>{r.name}</span> <Tag>{r.code}</Tag>
          {r.unit ?? ''}
        </>
      ),
    },
    { key: 'scale', title: t('stationConfig.offset.scale'), dataIndex: 'scale', width: 110 },
    { key: 'offset', title: t('stationConfig.offset.offset'), dataIndex: 'offset', width: 110 },
    { key: 'updatedBy', title: t('stationConfig.offset.updatedBy'), render: (_, r) => r.updatedBy ?? '-' },
    {
      key: 'updateTime',
      title: clock.withZone(t('stationConfig.offset.updateTime')),
      render: (_, r) => instantText(clock, r.updateTime),
    },
    {
      key: 'actions',
      title: t('stationConfig.actions'),
      width: 170,
      render: (_, r) => (
        <RowActions
          actions={[
            editAction(t, {
              endpoint: configApi.offsetSave,
              testId: `offset-edit-${r.sn}-${r.code}`,
              onClick: () => setEditing(r),
            }),
            {
              key: 'reset',
              label: t('stationConfig.offset.reset'),
              endpoint: configApi.offsetSave,
              disabled: r.scale === 1 && r.offset === 0,
              confirm: t('stationConfig.offset.reset'),
              onClick: () => saveOne(r, { scale: 1, offset: 0 }),
            },
          ]}
        />
      ),
    },
  ];

  if (stationId === null) return <Empty description={t('stationConfig.noStation')} />;
  return (
    <ListCard
      title={`${t('stationConfig.offset.title')} · ${station?.name ?? ''}`}
      testId="offset-setting-page"
      failed={table.query.isError && !table.query.data}
      filters={
        <FilterBar<Filters> onSearch={setFilters}>
          <Form.Item name="deviceId">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('stationConfig.offset.allDevices')}
              style={{ width: 220 }}
              options={devices.map((d) => ({ value: d.id, label: `${d.name} (${d.sn})` }))}
            />
          </Form.Item>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('stationConfig.offset.keyword')} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="onlySet" valuePropName="checked">
            <Checkbox>{t('stationConfig.offset.onlySet')}</Checkbox>
          </Form.Item>
        </FilterBar>
      }
    >
      <Table<OffsetRow> rowKey="pointId" size="small" columns={columns} {...table.tableProps} />
      <FormModal<Values>
        open={editing !== null}
        title={editing ? `${t('stationConfig.offset.edit')} · ${editing.deviceName} ${editing.code}` : ''}
        initialValues={editing ? { scale: editing.scale, offset: editing.offset } : {}}
        onClose={() => setEditing(null)}
        onSubmit={(v) => (editing ? saveOne(editing, v) : Promise.resolve(null))}
        testId="offset-form"
      >
        {(form) => (
          <>
            <Form.Item
              name="scale"
              label={t('stationConfig.offset.scale')}
              rules={[
                { required: true, message: t('stationConfig.problems.required') },
                {
                  validator: (_, v: number | null) =>
                    v === null || v === undefined ? Promise.resolve() : problem(checkScale(v)),
                },
              ]}
            >
              <InputNumber style={{ width: '100%' }} data-testid="offset-scale" />
            </Form.Item>
            <Form.Item
              name="offset"
              label={t('stationConfig.offset.offset')}
              extra={t('stationConfig.offset.formula')}
              rules={[
                { required: true, message: t('stationConfig.problems.required') },
                {
                  validator: (_, v: number | null) =>
                    v === null || v === undefined ? Promise.resolve() : problem(checkOffsetValue(v)),
                },
              ]}
            >
              <InputNumber style={{ width: '100%' }} data-testid="offset-offset" />
            </Form.Item>
            <Form.Item noStyle shouldUpdate>
              {() => {
                const scale = form.getFieldValue('scale') as number | null;
                const offset = form.getFieldValue('offset') as number | null;
                return typeof scale === 'number' && typeof offset === 'number' ? (
                  <span data-testid="offset-preview">
                    {t('stationConfig.offset.preview', { value: calibrated(100, scale, offset) })}
                  </span>
                ) : null;
              }}
            </Form.Item>
          </>
        )}
      </FormModal>
    </ListCard>
  );
}
