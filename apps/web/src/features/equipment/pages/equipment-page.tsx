import {
  type DeviceNode,
  deviceApi,
  EQUIPMENT_LIMITS,
  type EquipmentRow,
  equipmentApi,
  TOPIC_SEGMENT,
} from '@ess/contract';
import { Col, Empty, Form, Input, InputNumber, Row, Select, Table, Tag, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  deleteAction,
  editAction,
  FilterBar,
  type FiltersOf,
  FormModal,
  ListCard,
  RowActions,
  useEndpointMutation,
  useServerTable,
} from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { useCurrentStation } from '@/lib/station/current-station';
import { useDeviceTypeOptions, useModelOptions } from '../api/equipment-options';
import { CredentialsModal } from '../components/credentials-modal';

type Filters = Omit<FiltersOf<typeof equipmentApi.equipmentPage>, 'stationId'>;
type Values = {
  name: string;
  sn: string;
  modelId: number;
  parentId?: number | null;
  manufacturer?: string | null;
  unitPrice?: number | null;
  serviceFee?: number | null;
  reportIntervalS: number;
  sort: number;
};
type Editing = { id: number | null; values: Partial<Values> } | null;

const fieldsOf = (d: EquipmentRow): Values => ({
  name: d.name,
  sn: d.sn,
  modelId: d.modelId ?? 0,
  parentId: d.parentId,
  manufacturer: d.manufacturer,
  unitPrice: d.unitPrice,
  serviceFee: d.serviceFee,
  reportIntervalS: d.reportIntervalS,
  sort: d.sort,
});

type TreeOption = { value: number; title: string; disabled?: boolean; children: TreeOption[] };
/** The station's devices as parent choices; the edited device and those below it cannot be its parent. */
const treeOptions = (nodes: DeviceNode[], self: number | null, below = false): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: `${n.name} (${n.sn})`,
    disabled: below || n.id === self,
    children: treeOptions(n.children, self, below || n.id === self),
  }));

/** System menu "equipment" (/system/equipment): the real devices of the current station. */
export function EquipmentPage() {
  const { t } = useTranslation();
  const { stationId, station } = useCurrentStation();
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<Editing>(null);
  const [credentials, setCredentials] = useState<{ username: string; password: string } | null>(null);
  const table = useServerTable(equipmentApi.equipmentPage, stationId === null ? null : { ...filters, stationId });
  const tree = useEndpoint(deviceApi.deviceTree, stationId === null || editing === null ? null : { stationId });
  const types = useDeviceTypeOptions();
  const { options: models } = useModelOptions();
  const after = { invalidate: [equipmentApi.equipmentPage, deviceApi.deviceTree] };
  const add = useEndpointMutation(equipmentApi.equipmentAdd, after);
  const update = useEndpointMutation(equipmentApi.equipmentUpdate, after);
  const remove = useEndpointMutation(equipmentApi.equipmentDelete, after);
  const issue = useEndpointMutation(deviceApi.deviceCredentials);

  const columns: ColumnsType<EquipmentRow> = [
    { key: 'name', title: t('equipment.name'), dataIndex: 'name', sorter: true },
    { key: 'sn', title: t('equipment.sn'), dataIndex: 'sn', sorter: true },
    { key: 'type', title: t('equipment.deviceType'), dataIndex: 'typeName', sorter: true },
    { key: 'model', title: t('equipment.model'), dataIndex: 'modelCode', render: (v: string | null) => v ?? '-' },
    { key: 'parent', title: t('equipment.parent'), dataIndex: 'parentName', render: (v: string | null) => v ?? '-' },
    {
      key: 'status',
      title: t('equipment.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: EquipmentRow['status']) => (
        <Tag color={s === 'online' ? 'success' : 'default'}>
          {t(s === 'online' ? 'equipment.online' : 'equipment.offline')}
        </Tag>
      ),
    },
    { key: 'pointCount', title: t('equipment.pointCount'), dataIndex: 'pointCount', width: 80 },
    { key: 'sort', title: t('equipment.sort'), dataIndex: 'sort', sorter: true, width: 80 },
    {
      key: 'actions',
      title: t('equipment.actions'),
      width: 200,
      render: (_, d) => (
        <RowActions
          actions={[
            editAction(t, {
              endpoint: equipmentApi.equipmentUpdate,
              testId: `device-edit-${d.sn}`,
              onClick: () => setEditing({ id: d.id, values: fieldsOf(d) }),
            }),
            {
              key: 'credentials',
              label: t('equipment.credentials'),
              endpoint: deviceApi.deviceCredentials,
              testId: `device-credentials-${d.sn}`,
              onClick: async () => setCredentials(await issue.mutateAsync({ deviceId: d.id })),
            },
            deleteAction(t, {
              endpoint: equipmentApi.equipmentDelete,
              name: d.name,
              testId: `device-delete-${d.sn}`,
              onDelete: () => remove.mutateAsync({ id: d.id }),
            }),
          ]}
        />
      ),
    },
  ];

  return (
    <ListCard
      title={station ? `${t('equipment.devices')} · ${station.name}` : t('equipment.devices')}
      testId="equipment-page"
      failed={table.query.isError && !table.query.data}
      toolbar={
        stationId === null ? null : (
          <AddButton
            endpoint={equipmentApi.equipmentAdd}
            testId="device-add"
            onClick={() => setEditing({ id: null, values: { reportIntervalS: 10, sort: 0 } })}
          />
        )
      }
      filters={
        <FilterBar<Filters> onSearch={setFilters}>
          <Form.Item name="keyword">
            <Input allowClear placeholder={`${t('equipment.name')} / ${t('equipment.sn')}`} />
          </Form.Item>
          <Form.Item name="type">
            <Select allowClear placeholder={t('equipment.deviceType')} style={{ width: 160 }} options={types} />
          </Form.Item>
          <Form.Item name="modelId">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('equipment.model')}
              style={{ width: 200 }}
              options={models}
            />
          </Form.Item>
        </FilterBar>
      }
    >
      {stationId === null ? (
        <Empty description={t('equipment.noStation')} />
      ) : (
        <Table<EquipmentRow>
          rowKey="id"
          size="small"
          columns={columns}
          {...table.tableProps}
          data-testid="device-table"
        />
      )}
      <FormModal<Values>
        open={editing !== null}
        title={editing?.id ? t('equipment.editDevice') : t('equipment.addDevice')}
        initialValues={editing?.values ?? {}}
        width={720}
        onClose={() => setEditing(null)}
        onSubmit={({ modelId, ...v }) =>
          editing?.id
            ? update.mutateAsync({ ...v, id: editing.id })
            : add.mutateAsync({ ...v, modelId, stationId: stationId ?? 0 })
        }
        testId="device-form"
      >
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="name"
              label={t('equipment.name')}
              rules={[{ required: true, whitespace: true, message: t('equipment.nameRequired') }]}
            >
              <Input maxLength={EQUIPMENT_LIMITS.nameMax} data-testid="device-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="sn"
              label={t('equipment.sn')}
              rules={[
                { required: true, whitespace: true, message: t('equipment.snRequired') },
                { pattern: TOPIC_SEGMENT, message: t('equipment.snFormat') },
              ]}
            >
              <Input maxLength={64} data-testid="device-sn" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="modelId"
              label={t('equipment.model')}
              rules={[{ required: true, message: t('equipment.modelRequired') }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                options={models}
                disabled={Boolean(editing?.id)}
                data-testid="device-model"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="parentId" label={t('equipment.parent')}>
              <TreeSelect
                allowClear
                treeDefaultExpandAll
                treeData={treeOptions(tree.data ?? [], editing?.id ?? null)}
                data-testid="device-parent"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="manufacturer" label={t('equipment.manufacturer')}>
              <Input maxLength={EQUIPMENT_LIMITS.nameMax} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="reportIntervalS" label={t('equipment.reportInterval')}>
              <InputNumber min={1} max={EQUIPMENT_LIMITS.reportIntervalMax} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="unitPrice" label={t('equipment.unitPrice')}>
              <InputNumber min={0} max={EQUIPMENT_LIMITS.amountMax} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="serviceFee" label={t('equipment.serviceFee')}>
              <InputNumber min={0} max={EQUIPMENT_LIMITS.amountMax} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="sort" label={t('equipment.sort')}>
              <InputNumber min={0} max={EQUIPMENT_LIMITS.sortMax} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </FormModal>
      <CredentialsModal credentials={credentials} onClose={() => setCredentials(null)} />
    </ListCard>
  );
}
