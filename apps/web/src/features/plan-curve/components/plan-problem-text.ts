import { type PlanCurveProblem, planCurveMessages } from '@ess/contract';
import type { ServerMessage } from '@/lib/i18n/server-text';

/** The server's words for each rule of a template the form checks before saving. */
export const PLAN_PROBLEM_TEXT: Record<PlanCurveProblem, ServerMessage> = {
  codeRequired: planCurveMessages.planCurveCodeRequired,
  nameRequired: planCurveMessages.planCurveNameRequired,
  segmentsEmpty: planCurveMessages.planCurveSegmentsEmpty,
  segmentOrder: planCurveMessages.planCurveSegmentOrder,
  segmentsOverlap: planCurveMessages.planCurveSegmentsOverlap,
  socRange: planCurveMessages.planCurveSocRange,
  socOrder: planCurveMessages.planCurveSocOrder,
  valueRange: planCurveMessages.planCurveValueRange,
};
