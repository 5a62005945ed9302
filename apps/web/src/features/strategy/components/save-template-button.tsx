import {
  PLAN_CURVE_LIMITS,
  type PlanCurveBody,
  planCurveApi,
  planCurveMessages,
  type StrategyPlanSegment,
} from '@ess/contract';
import { Button, Form, Input, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/crud';
import { Permission } from '@/components/permission';
import { serverText } from '@/lib/i18n/server-text';
import { useAddPlanTemplate } from '../api/strategy-calls';

type Values = { code: string; name: string };

/** What the plan curve template's add call is sent for a computed schedule: a template of its station. */
export const templateBody = (
  values: Values,
  stationId: number,
  segments: readonly StrategyPlanSegment[],
): PlanCurveBody => ({
  code: values.code.trim(),
  name: values.name.trim(),
  stationId,
  segments: segments.map((s) => ({ ...s })),
  enabled: true,
});

/**
 * "Save as plan curve template": asks a number and a name, then adds a template of the station
 * with the schedule's segments (deliverable to it from /plan-curve-issue). Shown with the template add button's
 * permission; the server judges the segments (overlap, SOC order, ranges) in its own words.
 */
export function SaveTemplateButton({
  stationId,
  segments,
  suggested,
  testId = 'save-plan-template',
}: {
  /** The station whose schedule it is: the template is that station's own. */
  stationId: number;
  segments: readonly StrategyPlanSegment[];
  /** Number and name offered when the dialog opens. */
  suggested: Values;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const add = useAddPlanTemplate();
  const empty = segments.length === 0;
  return (
    <Permission endpoint={planCurveApi.add}>
      <Tooltip title={empty ? t('strategy.saveTemplate.empty') : undefined}>
        <Button disabled={empty} onClick={() => setOpen(true)} data-testid={testId}>
          {t('strategy.saveTemplate.button')}
        </Button>
      </Tooltip>
      <FormModal<Values>
        open={open}
        title={t('strategy.saveTemplate.title')}
        initialValues={suggested}
        onSubmit={(v) => add.mutateAsync(templateBody(v, stationId, segments))}
        onClose={() => setOpen(false)}
        testId={`${testId}-form`}
      >
        <Form.Item
          name="code"
          label={t('strategy.saveTemplate.code')}
          rules={[{ required: true, whitespace: true, message: serverText(planCurveMessages.planCurveCodeRequired) }]}
        >
          <Input maxLength={PLAN_CURVE_LIMITS.code} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('strategy.saveTemplate.name')}
          rules={[{ required: true, whitespace: true, message: serverText(planCurveMessages.planCurveNameRequired) }]}
        >
          <Input maxLength={PLAN_CURVE_LIMITS.name} />
        </Form.Item>
        <Typography.Text type="secondary">
          {t('strategy.saveTemplate.segments', { count: segments.length })}
        </Typography.Text>
      </FormModal>
    </Permission>
  );
}
