import {
  type DeviceNode,
  deviceApi,
  EQUIPMENT_LIMITS,
  type EquipmentRow,
  equipmentApi,
  TOPIC_SEGMENT,
} from '@ess/contract';
import { Col, Empty, Form, Input, InputNumber, Row, Select, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, ListCard } from '@/components/crud';
import { useCurrentStation } from '@/lib/station/current-station';
import { useDeviceTypeOptions, useModelOptions } from '../api/equipment-options';
import { EQUIPMENT_WRITES, useDeviceTree, useIssueCredentials } from '../api/equipment-writes';
import { CredentialsModal } from '../components/credentials-modal';

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

/** The parent choice; the station's devices are read while the dialog is open. */
function ParentField({ stationId, editedId, open }: { stationId: number; editedId: number | null; open: boolean }) {
  const { t } = useTranslation();
  const tree = useDeviceTree(stationId, open);
  return (
    <Form.Item name="parentId" label={t('equipment.parent')}>
      <TreeSelect
        allowClear
        treeDefaultExpandAll
        treeData={treeOptions(tree.data ?? [], editedId)}
        data-testid="device-parent"
      />
    </Form.Item>
  );
}

/** System menu "equipment" (/system/equipment): the real devices of the current station. */
export function EquipmentPage() {
  const { t } = useTranslation();
  const { stationId, station } = useCurrentStation();
  const [credentials, setCredentials] = useState<{ username: string; password: string } | null>(null);
  const types = useDeviceTypeOptions();
  const { options: models } = useModelOptions();
  const issue = useIssueCredentials();
  const title = station ? `${t('equipment.devices')} · ${station.name}` : t('equipment.devices');

  if (stationId === null) {
    return (
      <ListCard title={title} testId="equipment-page">
        <Empty description={t('equipment.noStation')} />
      </ListCard>
    );
  }
  return (
    <CrudPage
      title={title}
      testId="device"
      cardTestId="equipment-page"
      list={equipmentApi.equipmentPage}
      fixed={{ stationId }}
      rowTestKey={(d) => d.sn}
      rowName={(d) => d.name}
      invalidate={EQUIPMENT_WRITES}
      actionsWidth={200}
      filters={
        <>
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
        </>
      }
      columns={[
        { key: 'name', title: t('equipment.name'), dataIndex: 'name', sorter: true },
        { key: 'sn', title: t('equipment.sn'), dataIndex: 'sn', sorter: true },
        { key: 'type', title: t('equipment.deviceType'), dataIndex: 'typeName', sorter: true },
        { key: 'model', title: t('equipment.model'), dataIndex: 'modelCode', render: (v: string | null) => v ?? '-' },
        {
          key: 'parent',
          title: t('equipment.parent'),
          dataIndex: 'parentName',
          render: (v: string | null) => v ?? '-',
        },
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
      ]}
      rowActions={(d) => [
        {
          key: 'credentials',
          label: t('equipment.credentials'),
          endpoint: deviceApi.deviceCredentials,
          testId: `device-credentials-${d.sn}`,
          onClick: async () => setCredentials(await issue.mutateAsync({ deviceId: d.id })),
        },
      ]}
      add={{
        endpoint: equipmentApi.equipmentAdd,
        input: ({ modelId, ...v }: Values) => ({ ...v, modelId, stationId }),
      }}
      update={{
        endpoint: equipmentApi.equipmentUpdate,
        // The model is fixed once the device exists.
        input: ({ modelId: _model, ...v }, d) => ({ ...v, id: d.id }),
      }}
      remove={{ endpoint: equipmentApi.equipmentDelete, input: (d) => ({ id: d.id }) }}
      form={{
        titles: { add: t('equipment.addDevice'), edit: t('equipment.editDevice') },
        width: 720,
        defaults: { reportIntervalS: 10, sort: 0 },
        valuesOf: fieldsOf,
        fields: (_, row, open) => (
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
                  disabled={row !== null}
                  data-testid="device-model"
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <ParentField stationId={stationId} editedId={row?.id ?? null} open={open} />
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
        ),
      }}
      extras={<CredentialsModal credentials={credentials} onClose={() => setCredentials(null)} />}
    />
  );
}
