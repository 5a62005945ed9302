import type { ModelPoint, ModelPointInput, PointKind } from '@ess/contract';

/** A point as the model form edits it: states and limits as JSON text. */
export type PointFormValues = {
  code: string;
  names: { zh_CN: string; en_US?: string; es_ES?: string; ja_JP?: string };
  unit?: string | null;
  kind: PointKind;
  precision: number;
  min?: number | null;
  max?: number | null;
  counter?: boolean;
  fast?: boolean;
  statesText?: string;
  limitText?: string;
};

const jsonText = (v: unknown): string => (v === null || v === undefined ? '' : JSON.stringify(v));

export const pointFormValues = (p: ModelPoint): PointFormValues => ({
  code: p.code,
  names: { zh_CN: p.names.zh_CN ?? '', en_US: p.names.en_US, es_ES: p.names.es_ES, ja_JP: p.names.ja_JP },
  unit: p.unit,
  kind: p.kind,
  precision: p.precision,
  min: p.min,
  max: p.max,
  counter: p.counter,
  fast: p.fast,
  statesText: jsonText(p.states),
  limitText: jsonText(p.limit),
});

export const emptyPoint = (): PointFormValues => ({
  code: '',
  names: { zh_CN: '' },
  unit: '',
  kind: 'telemetry',
  precision: 1,
  counter: false,
  fast: false,
});

/** Parses JSON text of the form: empty is null; anything else must parse (the form checked it). */
export const parseJsonText = (s: string | undefined): unknown => {
  const text = s?.trim();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export const pointInput = (p: PointFormValues): ModelPointInput => ({
  code: p.code.trim(),
  names: p.names,
  unit: p.unit || null,
  kind: p.kind,
  precision: p.precision,
  min: p.min ?? null,
  max: p.max ?? null,
  counter: p.counter ?? false,
  fast: p.fast ?? false,
  states: parseJsonText(p.statesText) as ModelPointInput['states'],
  limit: parseJsonText(p.limitText) as ModelPointInput['limit'],
});
