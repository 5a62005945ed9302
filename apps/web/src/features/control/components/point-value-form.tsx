import { type ControlPoint, commandValueProblem } from '@ess/contract';
import { Button, Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { limitsOf } from './present-value';
import { pointBounds, valueRules } from './value-rules';

type Props = {
  point: ControlPoint;
  /** Called with a value the form accepted; resolves once the delivery was confirmed or cancelled. */
  onDeliver: (value: number) => Promise<unknown>;
  /** Who may deliver (permission strings). */
  perms: readonly string[];
  disabled?: boolean;
  testId: string;
};

/**
 * The value to set on one point: a select of its states for a control with states, else a number
 * within the point's range and ±65,535 (spec 5), and the Deliver button behind its permission,
 * enabled only once the value passes the shared value check (command-value.ts).
 */
export function PointValueForm({ point, onDeliver, perms, disabled, testId }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ value: number }>();
  const bounds = pointBounds(point);
  const value = Form.useWatch('value', form);
  const valid = typeof value === 'number' && commandValueProblem(limitsOf(point), value, null) === null;
  const rules = point.states ? [{ required: true, message: t('remoteControl.stateRequired') }] : valueRules(t, bounds);
  return (
    <Form
      form={form}
      name={testId}
      layout="inline"
      onFinish={({ value }) => onDeliver(value)}
      data-testid={testId}
      style={{ flexWrap: 'nowrap' }}
    >
      <Form.Item name="value" rules={rules} style={{ marginInlineEnd: 8 }}>
        {point.states ? (
          <Select
            style={{ width: 140 }}
            placeholder={t('remoteControl.value')}
            options={point.states.map((s) => ({ value: s.value, label: s.label }))}
            data-testid={`${testId}-value`}
          />
        ) : (
          <InputNumber
            style={{ width: 140 }}
            placeholder={`${bounds.min} ~ ${bounds.max}`}
            precision={point.precision}
            addonAfter={point.unit ?? undefined}
            data-testid={`${testId}-value`}
          />
        )}
      </Form.Item>
      <Permission perms={perms}>
        <Button
          type="primary"
          htmlType="submit"
          size="small"
          disabled={disabled || !valid}
          data-testid={`${testId}-deliver`}
        >
          {t('remoteControl.deliver')}
        </Button>
      </Permission>
    </Form>
  );
}
