import { type MeterConfig, type MeterConnection, meterRoleApi } from '@ess/contract';
import { Form, InputNumber, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, RowActions } from '@/components/crud';
import { useFormat } from '@/lib/format/use-format';
import { useUpdateMeterConnection } from '../api/meter-config';

type MeterRow = MeterConfig['meters'][number];

/**
 * Each meter's connection: nominal line voltage and PT/CT ratios, which power quality, topology
 * and the meter's values read to know their nominal and which side of the transformers they are
 * on. The bounds are the server's (meterConnectionSchema).
 */
export function MeterConnectionTable({ stationId, config }: { stationId: number; config: MeterConfig | undefined }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [editing, setEditing] = useState<MeterRow | null>(null);
  const save = useUpdateMeterConnection();
  const columns: ColumnsType<MeterRow> = [
    { key: 'meter', title: t('stationConfig.meter.meter'), render: (_, m) => `${m.name} (${m.sn})` },
    {
      key: 'voltage',
      title: t('stationConfig.meter.nominalVoltage'),
      align: 'right',
      render: (_, m) => `${fmt.number(m.connection.nominalVoltageV, 0)} V`,
    },
    {
      key: 'pt',
      title: t('stationConfig.meter.ptRatio'),
      align: 'right',
      render: (_, m) => fmt.number(m.connection.ptRatio, 2),
    },
    {
      key: 'ct',
      title: t('stationConfig.meter.ctRatio'),
      align: 'right',
      render: (_, m) => fmt.number(m.connection.ctRatio, 2),
    },
    {
      key: 'actions',
      title: t('stationConfig.meter.actions'),
      fixed: 'right',
      width: 100,
      render: (_, m) => (
        <RowActions
          actions={[
            {
              key: 'edit',
              label: t('crud.edit'),
              endpoint: meterRoleApi.meterConnectionUpdate,
              onClick: () => setEditing(m),
              testId: `meter-connection-edit-${m.sn}`,
            },
          ]}
        />
      ),
    },
  ];
  const number = (name: keyof MeterConnection, label: string, min: number, max: number, unit?: string) => (
    <Form.Item
      name={name}
      label={label}
      rules={[{ required: true, type: 'number', min, max, message: t('stationConfig.meter.range', { min, max }) }]}
    >
      <InputNumber min={min} max={max} style={{ width: '100%' }} {...(unit ? { suffix: unit } : {})} />
    </Form.Item>
  );
  return (
    <>
      <Table<MeterRow>
        rowKey="deviceId"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={config?.meters ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="meter-connections"
      />
      <FormModal<MeterConnection>
        open={editing !== null}
        title={`${t('stationConfig.meter.connectionTitle')} · ${editing?.name ?? ''}`}
        initialValues={editing?.connection ?? {}}
        onSubmit={(connection) =>
          editing ? save.mutateAsync({ stationId, deviceId: editing.deviceId, connection }) : Promise.resolve()
        }
        onClose={() => setEditing(null)}
        testId="meter-connection-form"
      >
        {number('nominalVoltageV', t('stationConfig.meter.nominalVoltage'), 100, 1_000_000, 'V')}
        {number('ptRatio', t('stationConfig.meter.ptRatio'), 1, 100_000)}
        {number('ctRatio', t('stationConfig.meter.ctRatio'), 1, 100_000)}
      </FormModal>
    </>
  );
}
