import { PlusOutlined } from '@ant-design/icons';
import { type AlarmDefinition, alarmApi, DEVICE_TYPES, type DeviceType, endpointPerms } from '@ess/contract';
import { Button, Card, Input, Popconfirm, Result, Select, Space, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { notify } from '@/lib/api/notifier';
import { useLang } from '@/lib/i18n/use-lang';
import { usePermission } from '@/lib/session/permission';
import { useCurrentStation } from '@/lib/station/current-station';
import { useAlarmDefinitions, useDeleteDefinitions, useSaveDefinition } from '../api/alarm-definitions';
import { LevelTag } from '../components/alarm-tags';
import { DefinitionForm } from '../components/definition-form';
import { definitionUnit, pointName, quantityText, thresholdText } from '../components/definition-points';

const PAGE_SIZE = 20;
const ALL = 'all';

/**
 * Alarm definitions (/alarm/alarm-definition): list with text and device-type filters; add,
 * edit, delete and enable for holders of the matching buttons.
 */
export function AlarmDefinitionPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { stationId } = useCurrentStation();
  const [keyword, setKeyword] = useState('');
  const [deviceType, setDeviceType] = useState<DeviceType | undefined>();
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ editing: AlarmDefinition | null } | null>(null);
  const { data, isPending, isError } = useAlarmDefinitions({
    pageNum: page,
    pageSize: PAGE_SIZE,
    ...(keyword ? { keyword } : {}),
    ...(deviceType ? { deviceType } : {}),
  });
  const remove = useDeleteDefinitions();
  const save = useSaveDefinition();
  const canEdit = usePermission()(endpointPerms(alarmApi.alarmDefinitionUpdate) ?? []);

  const setEnabled = (d: AlarmDefinition, enabled: boolean) => {
    const { id, name, deviceId, deviceType: type, pointCode, condition, threshold, threshold2 } = d;
    save.mutate({
      id,
      name,
      deviceId,
      deviceType: type,
      pointCode,
      condition,
      threshold,
      threshold2,
      holdSeconds: d.holdSeconds,
      deadband: d.deadband,
      level: d.level,
      content: d.content,
      enabled,
    });
  };

  const columns: ColumnsType<AlarmDefinition> = [
    { key: 'name', title: t('alarm.definition.col.name'), dataIndex: 'name', width: 190, ellipsis: true },
    {
      key: 'target',
      title: t('alarm.definition.col.target'),
      width: 140,
      render: (_, d) => d.deviceName ?? (d.deviceType ? t(`alarm.deviceType.${d.deviceType}`) : '-'),
    },
    {
      key: 'point',
      title: t('alarm.definition.col.point'),
      width: 150,
      ellipsis: true,
      render: (_, d) => pointName(d.deviceType, d.pointCode, lang),
    },
    {
      key: 'condition',
      title: t('alarm.definition.col.condition'),
      width: 130,
      render: (_, d) => t(`alarm.condition.${d.condition}`),
    },
    {
      key: 'threshold',
      title: t('alarm.definition.col.threshold'),
      width: 120,
      render: (_, d) => thresholdText(d, definitionUnit(d)),
    },
    {
      key: 'hold',
      title: t('alarm.definition.col.holdSeconds'),
      width: 80,
      render: (_, d) => quantityText(d.holdSeconds, 's'),
    },
    {
      key: 'deadband',
      title: t('alarm.definition.col.deadband'),
      width: 90,
      render: (_, d) => quantityText(d.deadband, definitionUnit(d)),
    },
    { key: 'level', title: t('alarm.definition.col.level'), width: 80, render: (_, d) => <LevelTag level={d.level} /> },
    { key: 'content', title: t('alarm.definition.col.content'), width: 240, ellipsis: true, dataIndex: 'content' },
    {
      key: 'enabled',
      title: t('alarm.definition.col.enabled'),
      width: 80,
      render: (_, d) => (
        <Switch
          size="small"
          checked={d.enabled}
          disabled={!canEdit}
          loading={
            save.isPending && save.variables !== undefined && 'id' in save.variables && save.variables.id === d.id
          }
          onChange={(on) => setEnabled(d, on)}
          data-testid={`alarm-definition-enabled-${d.id}`}
        />
      ),
    },
    {
      key: 'actions',
      title: t('alarm.col.actions'),
      width: 130,
      fixed: 'right',
      render: (_, d) => (
        <Space size={0}>
          <Permission endpoint={alarmApi.alarmDefinitionUpdate}>
            <Button type="link" size="small" onClick={() => setForm({ editing: d })}>
              {t('alarm.definition.edit')}
            </Button>
          </Permission>
          <Permission endpoint={alarmApi.alarmDefinitionDelete}>
            <Popconfirm
              title={t('alarm.definition.deleteConfirm', { name: d.name })}
              onConfirm={() =>
                remove.mutateAsync([d.id]).then(
                  () => notify.success(t('alarm.definition.deleted')),
                  () => undefined,
                )
              }
            >
              <Button type="link" size="small" danger>
                {t('alarm.definition.delete')}
              </Button>
            </Popconfirm>
          </Permission>
        </Space>
      ),
    },
  ];

  if (isError && !data) return <Result status="warning" title={t('alarm.loadFailed')} />;
  return (
    <Card
      title={t('alarm.definition.title')}
      extra={
        <Permission endpoint={alarmApi.alarmDefinitionAdd}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setForm({ editing: null })}
            data-testid="alarm-definition-add"
          >
            {t('alarm.definition.add')}
          </Button>
        </Permission>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('alarm.definition.search')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          style={{ width: 260 }}
        />
        <Select<DeviceType | typeof ALL>
          value={deviceType ?? ALL}
          onChange={(v) => {
            setDeviceType(v === ALL ? undefined : v);
            setPage(1);
          }}
          options={[
            { value: ALL, label: t('alarm.definition.allTypes') },
            ...DEVICE_TYPES.map((d) => ({ value: d, label: t(`alarm.deviceType.${d}`) })),
          ]}
          style={{ width: 180 }}
        />
      </Space>
      <Table<AlarmDefinition>
        rowKey="id"
        size="small"
        data-testid="alarm-definitions"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={isPending}
        scroll={{ x: 1500 }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (total) => (
            <Typography.Text type="secondary">{t('alarm.total', { count: total })}</Typography.Text>
          ),
        }}
      />
      <DefinitionForm
        open={form !== null}
        editing={form?.editing ?? null}
        stationId={stationId}
        onClose={() => setForm(null)}
      />
    </Card>
  );
}
