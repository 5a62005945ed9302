import { type MeterConfig, type MeterConnection, meterRoleApi } from '@ess/contract';
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudRowsPage } from '@/components/crud';
import { useFormat } from '@/lib/format/use-format';

type MeterRow = MeterConfig['meters'][number];

/**
 * Each meter's connection: nominal line voltage and PT/CT ratios, which power quality, topology
 * and the meter's values read to know their nominal and which side of the transformers they are
 * on. The bounds are the server's (meterConnectionSchema).
 */
export function MeterConnectionTable({ stationId, config }: { stationId: number; config: MeterConfig | undefined }) {
  const { t } = useTranslation();
  const fmt = useFormat();
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
    <CrudRowsPage<MeterRow, MeterConnection, never, typeof meterRoleApi.meterConnectionUpdate>
      title={t('stationConfig.meter.connections')}
      testId="meter-connection"
      tableTestId="meter-connections"
      bare
      rows={config?.meters}
      // The card reads the station's meter config; a saved connection reads it again.
      invalidate={[meterRoleApi.meterConfig]}
      rowKey="deviceId"
      rowTestKey={(m) => m.sn}
      rowName={(m) => m.name}
      actionsWidth={100}
      table={{ scroll: { x: 'max-content' } }}
      columns={[
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
      ]}
      update={{
        endpoint: meterRoleApi.meterConnectionUpdate,
        input: (connection, m) => ({ stationId, deviceId: m.deviceId, connection }),
      }}
      form={{
        titles: { edit: (m) => `${t('stationConfig.meter.connectionTitle')} · ${m.name}` },
        valuesOf: (m) => m.connection,
        fields: (
          <>
            {number('nominalVoltageV', t('stationConfig.meter.nominalVoltage'), 100, 1_000_000, 'V')}
            {number('ptRatio', t('stationConfig.meter.ptRatio'), 1, 100_000)}
            {number('ctRatio', t('stationConfig.meter.ctRatio'), 1, 100_000)}
          </>
        ),
      }}
    />
  );
}
