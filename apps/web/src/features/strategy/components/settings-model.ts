import {
  type StrategySettings,
  type StrategySettingsFields,
  type StrategySettingsSaveBody,
  strategySettingsSaveBody,
} from '@ess/contract';

/** The settings form's values: efficiencies in percent (the contract keeps them as 0–1 fractions). */
export type SettingsFormValues = Omit<StrategySettingsFields, 'etaCharge' | 'etaDischarge' | 'demandLimitKw'> & {
  demandLimitKw: number | null | undefined;
  etaChargePct: number | null;
  etaDischargePct: number | null;
};

/** Form fields the contract's fields map to (an efficiency's problem shows on its percent field). */
type FormField = keyof SettingsFormValues;
const FIELD_OF: Record<string, FormField> = {
  etaCharge: 'etaChargePct',
  etaDischarge: 'etaDischargePct',
};

const pctToFraction = (v: number | null) => (v === null ? Number.NaN : Math.round(v * 100) / 10_000);

export const toFormValues = (s: StrategySettings | StrategySettingsFields): SettingsFormValues => ({
  demandLimitKw: s.demandLimitKw,
  antiBackflow: s.antiBackflow,
  socMin: s.socMin,
  socMax: s.socMax,
  socEndTarget: s.socEndTarget,
  degradationCostPerKwh: s.degradationCostPerKwh,
  etaChargePct: Math.round(s.etaCharge * 10_000) / 100,
  etaDischargePct: Math.round(s.etaDischarge * 10_000) / 100,
  enabled: s.enabled,
});

export type SettingsCheck =
  | { ok: true; body: StrategySettingsSaveBody }
  | { ok: false; problems: { field: FormField; contractField: string }[] };

/**
 * The save body of the form's values, checked with the contract's schema (the rules the server
 * applies): either the body, or the fields at fault (each named once).
 */
export function checkSettings(stationId: number, v: SettingsFormValues): SettingsCheck {
  const parsed = strategySettingsSaveBody.safeParse({
    stationId,
    demandLimitKw: v.demandLimitKw ?? null,
    antiBackflow: v.antiBackflow,
    socMin: v.socMin,
    socMax: v.socMax,
    socEndTarget: v.socEndTarget,
    degradationCostPerKwh: v.degradationCostPerKwh,
    etaCharge: pctToFraction(v.etaChargePct),
    etaDischarge: pctToFraction(v.etaDischargePct),
    enabled: v.enabled,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const seen = new Set<string>();
  const problems: { field: FormField; contractField: string }[] = [];
  for (const issue of parsed.error.issues) {
    const contractField = String(issue.path[0] ?? 'socMax');
    if (seen.has(contractField)) continue;
    seen.add(contractField);
    problems.push({ field: FIELD_OF[contractField] ?? (contractField as FormField), contractField });
  }
  return { ok: false, problems };
}
