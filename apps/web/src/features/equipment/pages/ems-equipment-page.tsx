import { type EmsEquipmentRow, equipmentApi } from '@ess/contract';
import { Form, Input, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud';
import { stationsOf } from '@/lib/session/api/get-stations';
import { useCurrentStation } from '@/lib/station/current-station';

type Below = EmsEquipmentRow['devices'][number];

/** System menu "EMS equipment" (/system/ems-equipment): EMS devices, their model and the devices below each. */
export function EmsEquipmentPage() {
  const { t } = useTranslation();
  const { stations } = useCurrentStation();
  const stationOptions = stationsOf(stations.data).map((s) => ({ value: s.id, label: s.name }));

  const columns: ColumnsType<EmsEquipmentRow> = [
    { key: 'stationName', title: t('equipment.station'), dataIndex: 'stationName', sorter: true },
    { key: 'name', title: t('equipment.name'), dataIndex: 'name', sorter: true },
    { key: 'sn', title: t('equipment.sn'), dataIndex: 'sn', sorter: true },
    {
      key: 'model',
      title: t('equipment.model'),
      render: (_, r) => (r.modelCode ? `${r.modelCode} · ${r.modelName ?? ''}` : '-'),
    },
    {
      key: 'status',
      title: t('equipment.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: EmsEquipmentRow['status']) => (
        <Tag color={s === 'online' ? 'success' : 'default'}>
          {t(s === 'online' ? 'equipment.online' : 'equipment.offline')}
        </Tag>
      ),
    },
    { key: 'devices', title: t('equipment.devicesBelow'), width: 110, render: (_, r) => r.devices.length },
  ];
  const belowColumns: ColumnsType<Below> = [
    { key: 'name', title: t('equipment.name'), dataIndex: 'name' },
    { key: 'sn', title: t('equipment.sn'), dataIndex: 'sn' },
    { key: 'type', title: t('equipment.deviceType'), dataIndex: 'typeName' },
    { key: 'model', title: t('equipment.model'), dataIndex: 'modelCode', render: (v: string | null) => v ?? '-' },
  ];

  return (
    <CrudPage
      title={t('equipment.emsDevices')}
      testId="ems-equipment"
      list={equipmentApi.emsEquipmentPage}
      rowTestKey={(r) => r.sn}
      rowName={(r) => r.name}
      filters={
        <>
          <Form.Item name="stationId">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('equipment.station')}
              style={{ width: 200 }}
              options={stationOptions}
            />
          </Form.Item>
          <Form.Item name="keyword">
            <Input allowClear placeholder={`${t('equipment.name')} / ${t('equipment.sn')}`} />
          </Form.Item>
        </>
      }
      columns={columns}
      table={{
        expandable: {
          rowExpandable: (r) => r.devices.length > 0,
          expandedRowRender: (r) => (
            <Table<Below> rowKey="id" size="small" pagination={false} columns={belowColumns} dataSource={r.devices} />
          ),
        },
      }}
    />
  );
}
