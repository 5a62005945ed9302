import { PlusOutlined } from '@ant-design/icons';
import {
  planCurveMessages,
  SEQUENCE_LIMITS,
  type SequenceTemplate,
  sequenceApi,
  sequenceMessages,
  sequenceTemplateProblem,
} from '@ess/contract';
import { Button, Form, Input, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, useEndpointMutation } from '@/components/crud';
import { notify } from '@/lib/api/notifier';
import { serverText } from '@/lib/i18n/server-text';
import { fromStepValues, newStep, type StepValues, type TemplateValues, toStepValues } from './step-model';
import { StepRow } from './step-row';
import { valueProblemText } from './value-problem';

type Values = TemplateValues;

type Props = {
  stationId: number;
  /** The edited template, null for a new one; undefined: closed. */
  template: SequenceTemplate | null | undefined;
  onClose: () => void;
};

/**
 * Add / edit a template: its name, whether it is for this station only (generic ones are
 * administrators': the server refuses others), and its ordered steps.
 */
export function TemplateEditor({ stationId, template, onClose }: Props) {
  const { t } = useTranslation();
  const add = useEndpointMutation(sequenceApi.addTemplate, { invalidate: [sequenceApi.templates] });
  const update = useEndpointMutation(sequenceApi.updateTemplate, { invalidate: [sequenceApi.templates] });

  const submit = async (v: Values) => {
    const body = {
      name: v.name.trim(),
      stationId: v.scoped ? stationId : null,
      steps: (v.steps ?? []).map(fromStepValues),
    };
    // The same rule the server applies, said before sending.
    const problem = sequenceTemplateProblem(body);
    if (problem) {
      const step = problem.step ?? 0;
      notify.error(
        problem.value
          ? valueProblemText(t, step, problem.value)
          : problem.problem === 'checkPointUnknown'
            ? serverText(sequenceMessages.sequenceCheckPointUnknown, { step })
            : t(`sequence.problem.${problem.problem}`, { step }),
      );
      throw new Error(problem.problem);
    }
    if (template) await update.mutateAsync({ id: template.id, ...body });
    else await add.mutateAsync(body);
  };

  return (
    <FormModal<Values>
      open={template !== undefined}
      title={template ? t('sequence.editTitle') : t('sequence.addTitle')}
      width={1180}
      initialValues={
        template
          ? { name: template.name, scoped: template.stationId !== null, steps: template.steps.map(toStepValues) }
          : // A new template is the station's own: only administrators add generic ones.
            { scoped: true, steps: [newStep() as StepValues] }
      }
      onSubmit={submit}
      onClose={onClose}
      testId="template-editor"
    >
      {(form) => (
        <>
          <Space wrap>
            <Form.Item
              name="name"
              label={t('sequence.name')}
              rules={[
                { required: true, whitespace: true, message: serverText(planCurveMessages.planCurveNameRequired) },
              ]}
            >
              <Input maxLength={SEQUENCE_LIMITS.name} style={{ width: 280 }} />
            </Form.Item>
            <Form.Item name="scoped" label={t('sequence.scope')}>
              <Radio.Group
                options={[
                  { value: false, label: t('sequence.generic') },
                  { value: true, label: t('sequence.thisStation') },
                ]}
              />
            </Form.Item>
          </Space>
          <Form.List name="steps">
            {(fields, { add: addStep, move, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((f, i) => (
                  <StepRow
                    key={f.key}
                    form={form}
                    name={f.name}
                    position={i}
                    count={fields.length}
                    move={move}
                    remove={remove}
                  />
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  disabled={fields.length >= SEQUENCE_LIMITS.steps}
                  onClick={() => addStep(newStep())}
                  data-testid="step-add"
                >
                  {t('sequence.step.add')}
                </Button>
              </Space>
            )}
          </Form.List>
        </>
      )}
    </FormModal>
  );
}
