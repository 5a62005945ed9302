/** Aggregate of one point over one UTC quarter-hour, as ts_15m keeps it. */
export type QuarterHour = {
  pointId: number;
  bucket: number;
  min: number;
  max: number;
  sum: number;
  count: number;
  first: number;
  firstTs: number;
  last: number;
  lastTs: number;
  /** Another quarter-hour of the same point in the batch. */
  next: QuarterHour | null;
};

export const QUARTER_MS = 900_000;

/**
 * Per point and UTC quarter-hour: min, max, sum, count, first and last of the samples added
 * (the fast write path merges these into the roll-ups; valid only if every sample is new).
 */
export class QuarterHourSet {
  private readonly byPoint = new Map<number, QuarterHour>();
  /** The aggregates, in the order their first sample came. */
  readonly list: QuarterHour[] = [];

  add(pointIds: ArrayLike<number>, ts: ArrayLike<number>, values: ArrayLike<number>, rows: number): void {
    for (let i = 0; i < rows; i++) {
      const pointId = pointIds[i] ?? 0;
      const t = ts[i] ?? 0;
      const v = values[i] ?? 0;
      const bucket = t - (t % QUARTER_MS);
      let q = this.byPoint.get(pointId) ?? null;
      while (q && q.bucket !== bucket) q = q.next;
      if (!q) {
        const head = this.byPoint.get(pointId) ?? null;
        q = { pointId, bucket, min: v, max: v, sum: v, count: 1, first: v, firstTs: t, last: v, lastTs: t, next: head };
        this.byPoint.set(pointId, q);
        this.list.push(q);
        continue;
      }
      if (v < q.min) q.min = v;
      if (v > q.max) q.max = v;
      q.sum += v;
      q.count++;
      if (t < q.firstTs) {
        q.first = v;
        q.firstTs = t;
      }
      if (t > q.lastTs) {
        q.last = v;
        q.lastTs = t;
      }
    }
  }
}

/** The aggregates of one batch's samples (QuarterHourSet). */
export function quarterHours(
  pointIds: Int32Array,
  ts: Float64Array,
  values: Float64Array,
  rows: number,
): QuarterHour[] {
  const set = new QuarterHourSet();
  set.add(pointIds, ts, values, rows);
  return set.list;
}
