import { indexHolding } from '../../../lib/typed-arrays';
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

/** Point ids below this are found through the index array of an indexed set (4 bytes an id). */
const INDEXED_IDS = 1 << 24;

/**
 * Per point and UTC quarter-hour: min, max, sum, count, first and last of the samples added
 * (the fast write path merges these into the roll-ups; valid only if every sample is new).
 * An `indexed` set (long-lived: the accumulator's, a fleet's points) finds a point's aggregates
 * through an array indexed by point id instead of a Map lookup per sample.
 */
export class QuarterHourSet {
  private readonly byPoint = new Map<number, QuarterHour>();
  /** Point id → 1 + position in `heads` (0: none yet). */
  private index: Int32Array<ArrayBuffer> | null;
  private readonly heads: QuarterHour[] = [];
  /** The aggregates, in the order their first sample came. */
  readonly list: QuarterHour[] = [];

  constructor(indexed = false) {
    this.index = indexed ? new Int32Array(1024) : null;
  }

  add(pointIds: ArrayLike<number>, ts: ArrayLike<number>, values: ArrayLike<number>, rows: number): void {
    for (let i = 0; i < rows; i++) {
      const pointId = pointIds[i] ?? 0;
      const t = ts[i] ?? 0;
      const v = values[i] ?? 0;
      const bucket = t - (t % QUARTER_MS);
      const head = this.head(pointId);
      let q = head;
      while (q && q.bucket !== bucket) q = q.next;
      if (!q) {
        q = { pointId, bucket, min: v, max: v, sum: v, count: 1, first: v, firstTs: t, last: v, lastTs: t, next: head };
        this.setHead(pointId, q);
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

  private head(pointId: number): QuarterHour | null {
    const index = this.index;
    if (index === null || pointId < 0 || pointId >= INDEXED_IDS) return this.byPoint.get(pointId) ?? null;
    const k = pointId < index.length ? (index[pointId] ?? 0) : 0;
    return k === 0 ? null : (this.heads[k - 1] ?? null);
  }

  private setHead(pointId: number, q: QuarterHour): void {
    let index = this.index;
    if (index === null || pointId < 0 || pointId >= INDEXED_IDS) {
      this.byPoint.set(pointId, q);
      return;
    }
    if (pointId >= index.length) this.index = index = indexHolding(index, pointId, INDEXED_IDS);
    const k = index[pointId] ?? 0;
    if (k > 0) this.heads[k - 1] = q;
    else index[pointId] = this.heads.push(q);
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
