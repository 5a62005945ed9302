import type { PointDef } from '@ess/contract';

/** A catalogue point as a row of a model's or a device's point list (seed and catalogue sync). */
export const pointRow = (p: PointDef, sort: number) => ({
  code: p.code,
  names: p.names,
  unit: p.unit,
  kind: p.kind,
  precision: p.precision,
  min: p.min ?? null,
  max: p.max ?? null,
  counter: p.counter ?? false,
  states: p.states ?? null,
  fast: p.fast ?? false,
  limit: p.limit ?? null,
  sort,
});
