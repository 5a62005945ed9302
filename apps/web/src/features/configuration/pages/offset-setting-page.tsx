import {
  calibrated,
  checkOffsetValue,
  checkScale,
  configApi,
  configMessages,
  type OffsetProblem,
  type OffsetRow,
} from '@ess/contract';
import { Checkbox, Empty, Form, Input, InputNumber, Select, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';
import { serverText } from '@/lib/i18n/server-text';
import { useCurrentStation } from '@/lib/station/current-station';
import { flattenDevices, useDeviceTree } from '@/lib/station/device-tree';
import { useSaveOffset } from '../api/offsets';

type Values = { scale: number; offset: number };

const problem = (p: OffsetProblem | null) =>
  p === null ? Promise.resolve() : Promise.reject(new Error(serverText(configMessages[p])));

/**
 * Offset settings (/system/offset-setting): the calibration of the current station's reported
 * points, stored = raw × scale + offset, applied by ingest from the next message on.
 */
export function OffsetSettingPage() {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const { stationId, station } = useCurrentStation();
  const tree = useDeviceTree(stationId);
  const devices = useMemo(() => flattenDevices(tree.data), [tree.data]);
  const reset = useSaveOffset();

  if (stationId === null) return <Empty description={t('stationConfig.noStation')} />;
  const itemOf = (row: OffsetRow, v: Values) => ({
    stationId,
    items: [{ pointId: row.pointId, scale: v.scale, offset: v.offset }],
  });
  return (
    <CrudPage
      title={`${t('stationConfig.offset.title')} · ${station?.name ?? ''}`}
      testId="offset"
      cardTestId="offset-setting-page"
      list={configApi.offsetPage}
      fixed={{ stationId }}
      rowKey="pointId"
      rowTestKey={(r) => `${r.sn}-${r.code}`}
      rowName={(r) => `${r.deviceName} ${r.code}`}
      actionsWidth={170}
      filters={
        <>
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
        </>
      }
      columns={[
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
      ]}
      update={{ endpoint: configApi.offsetSave, input: (v: Values, r) => itemOf(r, v) }}
      rowActions={(r) => [
        {
          key: 'reset',
          label: t('stationConfig.offset.reset'),
          endpoint: configApi.offsetSave,
          disabled: r.scale === 1 && r.offset === 0,
          confirm: t('stationConfig.offset.reset'),
          // A refusal has been shown by the client (spec 8).
          onClick: () => reset.mutateAsync(itemOf(r, { scale: 1, offset: 0 })).catch(() => undefined),
        },
      ]}
      form={{
        titles: { edit: (r) => `${t('stationConfig.offset.edit')} · ${r.deviceName} ${r.code}` },
        valuesOf: (r) => ({ scale: r.scale, offset: r.offset }),
        fields: (form) => (
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
        ),
      }}
    />
  );
}
