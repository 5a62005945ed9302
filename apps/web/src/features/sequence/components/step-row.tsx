import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { SEQUENCE_LIMITS } from '@ess/contract';
import { Button, Form, type FormInstance, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/lib/i18n/use-lang';
import { checkOpOptions, deviceTypeOptions, pointOptions } from './point-options';
import type { TemplateValues } from './step-model';
import { stepValueProblem, valueProblemText } from './value-problem';

type Props = {
  form: FormInstance<TemplateValues>;
  /** The Form.List field name of the step. */
  name: number;
  position: number;
  count: number;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
};

/** One step of the editor: name, device (type and which one), point, value, check, timeout; reorder and remove. */
export function StepRow({ form, name, position, count, move, remove }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const type = Form.useWatch(['steps', name, 'deviceType'], form);
  const required = { required: true, message: t('sequence.step.required') };
  const item = { style: { marginBottom: 0 } };
  return (
    <Space align="start" wrap data-testid={`step-row-${position}`} style={{ width: '100%' }}>
      <span style={{ lineHeight: '32px' }}>{position + 1}.</span>
      <Form.Item {...item} name={[name, 'name']} rules={[required]}>
        <Input
          placeholder={t('sequence.step.name')}
          maxLength={SEQUENCE_LIMITS.stepName}
          style={{ width: 150 }}
          aria-label={t('sequence.step.name')}
        />
      </Form.Item>
      <Form.Item {...item} name={[name, 'deviceType']} rules={[required]}>
        <Select
          style={{ width: 130 }}
          options={deviceTypeOptions(lang)}
          aria-label={t('sequence.step.deviceType')}
          onChange={() => form.setFieldValue(['steps', name, 'pointCode'], undefined)}
        />
      </Form.Item>
      <Form.Item {...item} name={[name, 'index']}>
        <InputNumber
          min={1}
          max={SEQUENCE_LIMITS.index}
          precision={0}
          placeholder={t('sequence.step.all')}
          style={{ width: 80 }}
          aria-label={t('sequence.step.index')}
        />
      </Form.Item>
      <Form.Item {...item} name={[name, 'pointCode']} rules={[required]}>
        <Select
          style={{ width: 200 }}
          placeholder={t('sequence.step.point')}
          options={pointOptions(type, lang, true)}
          aria-label={t('sequence.step.point')}
        />
      </Form.Item>
      <Form.Item
        {...item}
        name={[name, 'value']}
        dependencies={[
          ['steps', name, 'deviceType'],
          ['steps', name, 'pointCode'],
        ]}
        rules={[
          required,
          ({ getFieldValue }) => ({
            // The point's range in the device catalogue (the server also checks the station's own devices).
            validator: (_, v: unknown) => {
              const at = (field: string) => getFieldValue(['steps', name, field]);
              const p = stepValueProblem(at('deviceType'), at('pointCode'), v);
              return p ? Promise.reject(new Error(valueProblemText(t, position + 1, p))) : Promise.resolve();
            },
          }),
        ]}
      >
        <InputNumber
          placeholder={t('sequence.step.value')}
          style={{ width: 110 }}
          aria-label={t('sequence.step.value')}
        />
      </Form.Item>
      <Form.Item {...item} name={[name, 'checkPointCode']}>
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('sequence.step.noCheck')}
          options={pointOptions(type, lang, false)}
          aria-label={t('sequence.step.checkPoint')}
        />
      </Form.Item>
      <Form.Item {...item} name={[name, 'checkOp']}>
        <Select
          allowClear
          style={{ width: 110 }}
          placeholder={t('sequence.step.check')}
          options={checkOpOptions(t)}
          aria-label={t('sequence.step.check')}
        />
      </Form.Item>
      <Form.Item {...item} name={[name, 'checkValue']}>
        <InputNumber
          placeholder={t('sequence.step.checkValue')}
          style={{ width: 100 }}
          aria-label={t('sequence.step.checkValue')}
        />
      </Form.Item>
      <Form.Item
        {...item}
        name={[name, 'timeoutS']}
        rules={[
          required,
          {
            type: 'number',
            min: SEQUENCE_LIMITS.timeoutS.min,
            max: SEQUENCE_LIMITS.timeoutS.max,
            message: t('sequence.problem.timeoutRange', { step: position + 1 }),
          },
        ]}
      >
        <InputNumber
          precision={0}
          placeholder={t('sequence.step.timeout')}
          style={{ width: 100 }}
          aria-label={t('sequence.step.timeout')}
        />
      </Form.Item>
      <Space size={0}>
        <Button
          type="text"
          icon={<ArrowUpOutlined />}
          disabled={position === 0}
          onClick={() => move(position, position - 1)}
          aria-label={t('sequence.step.up')}
        />
        <Button
          type="text"
          icon={<ArrowDownOutlined />}
          disabled={position === count - 1}
          onClick={() => move(position, position + 1)}
          aria-label={t('sequence.step.down')}
        />
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={() => remove(position)}
          aria-label={t('sequence.step.remove')}
        />
      </Space>
    </Space>
  );
}
