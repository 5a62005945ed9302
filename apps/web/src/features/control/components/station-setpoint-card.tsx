import { CONTROL_PERMS, commandValueBounds, commandValueProblem, STATION_POWER_POINT } from '@ess/contract';
import { Button, Card, Form, InputNumber, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandProgress } from '@/components/command/command-progress';
import { Permission } from '@/components/permission';
import { valueRules } from './value-rules';

type Props = {
  stationId: number;
  /** The station's rated power (kW): the setpoint's bound in both directions; null while unknown. */
  ratedPowerKw: number | null;
  /** Delivers the setpoint (password dialog); resolves to the command id, or null when cancelled. */
  onDeliver: (value: number) => Promise<number | null>;
};

/** The station's power setpoint (kW, > 0 discharge) delivered to its EMS (`POST /business/singapore/setPoint`). */
export function StationSetpointCard({ stationId, ratedPowerKw, onDeliver }: Props) {
  const { t } = useTranslation();
  const [commandId, setCommandId] = useState<number | null>(null);
  const [form] = Form.useForm<{ value: number }>();
  const value = Form.useWatch('value', form);
  // Until the rating is known the bound is not: nothing is valid yet.
  const valid =
    ratedPowerKw !== null &&
    typeof value === 'number' &&
    commandValueProblem(STATION_POWER_POINT, value, ratedPowerKw) === null;
  // The server's one value check: ±65,535 narrowed to ± the station's rated power.
  const { min, max } = commandValueBounds(STATION_POWER_POINT, ratedPowerKw);
  const bounds = { min, max };
  // A value typed before the rating arrived is checked again against it, so its problem shows.
  useEffect(() => {
    if (ratedPowerKw !== null && form.getFieldValue('value') !== undefined)
      form.validateFields(['value']).catch(() => {}); // its rejection is the problem the field shows
  }, [ratedPowerKw, form]);
  return (
    <Card size="small" title={t('remoteControl.cabinet.stationSetpoint')} data-testid="station-setpoint">
      <Space direction="vertical">
        <Typography.Text type="secondary">{t('remoteControl.cabinet.stationSetpointHint')}</Typography.Text>
        <Form<{ value: number }>
          form={form}
          layout="inline"
          name="station-setpoint"
          onFinish={async ({ value }) => {
            const id = await onDeliver(value);
            if (id !== null) setCommandId(id);
          }}
        >
          <Form.Item name="value" rules={valueRules(t, bounds)}>
            <InputNumber style={{ width: 160 }} addonAfter="kW" precision={1} data-testid="station-setpoint-value" />
          </Form.Item>
          <Permission perms={[CONTROL_PERMS.send]}>
            <Button type="primary" htmlType="submit" disabled={!valid} data-testid="station-setpoint-deliver">
              {t('remoteControl.deliver')}
            </Button>
          </Permission>
        </Form>
        {commandId !== null ? <CommandProgress id={commandId} stationId={stationId} /> : null}
      </Space>
    </Card>
  );
}
