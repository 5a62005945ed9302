import { PLAN_CURVE_LIMITS } from '@ess/contract';

/** A number and name to offer for a template saved from a station's plan of `date`. */
export function suggestedTemplate(stationCode: string | null, date: string, title: string) {
  const compact = date.replaceAll('-', '');
  const code = (stationCode ? `${stationCode}-${compact}` : compact).slice(0, PLAN_CURVE_LIMITS.code);
  const name = `${title} ${date}`.slice(0, PLAN_CURVE_LIMITS.name);
  return { code, name };
}
