import { type CurveResult, type CurveSeries, type Lang, MAX_CURVE_BUCKETS, ResultCode } from '@ess/contract';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import type { PointRow } from '../device';
import { assertDeviceInScope, localName } from '../device';
import {
  type BucketSeries,
  dayBuckets,
  hourBuckets,
  quarterBuckets,
  type RawSeries,
  rawBuckets,
  rawCounts,
  rawSeries,
} from './curve.repository';
import { type CurvePlan, planCurve, rawBucketMs } from './curve-plan';
import { pointsByCodes } from './point.repository';

export type CurvePoint = { deviceId: number; point: PointRow };
type Read = {
  resolution: CurveSeries['resolution'];
  bucketMs: number | null;
  raw?: RawSeries['r'];
  buckets?: BucketSeries['b'];
};

/** Counters and states are read as their last value per bucket; an average of them means nothing. */
const lastValueOnly = (p: PointRow): boolean => p.counter || p.kind === 'status' || p.kind === 'control';

/** History curves (spec 7 `pointCurve`): raw samples for short ranges, roll-up buckets for long ones. */
export class PointCurveService {
  constructor(private readonly db: Db) {}

  async pointCurve(
    user: SessionUser,
    body: { deviceId: number; points: string[]; from: number; to: number },
    lang: Lang,
  ): Promise<CurveResult> {
    const { device, station } = await assertDeviceInScope(this.db, user, body.deviceId);
    const { found, missing } = await pointsByCodes(this.db, device.id, body.points);
    if (missing.length) {
      throw new AppError(400, ResultCode.BAD_REQUEST, 'unknownPoints', { codes: missing.join(', '), sn: device.sn });
    }
    const items = found.map((point) => ({ deviceId: device.id, point }));
    return {
      from: body.from,
      to: body.to,
      series: await this.series(items, body.from, body.to, station.timezone, lang),
    };
  }

  /**
   * Series of points (of devices already checked for scope) over [from, to]; `tz` aligns local
   * buckets. The plan follows from the span unless the caller fixes it.
   */
  async series(
    items: CurvePoint[],
    from: number,
    to: number,
    tz: string,
    lang: Lang,
    plan: CurvePlan = planCurve(from, to),
  ): Promise<CurveSeries[]> {
    if (items.length === 0) return [];
    const reads = await this.read(
      items.map((i) => i.point.id),
      from,
      to,
      tz,
      plan,
    );
    return items.map(({ deviceId, point }) => {
      const read = reads.get(point.id) ?? { resolution: 'raw', bucketMs: null, raw: [] };
      const base = {
        deviceId,
        code: point.code,
        name: localName(point.names, lang, point.code),
        unit: point.unit,
        resolution: read.resolution,
        bucketMs: read.bucketMs,
      };
      if (read.raw) return { ...base, data: read.raw };
      const buckets = read.buckets ?? [];
      if (lastValueOnly(point)) return { ...base, data: buckets.map((b): [number, number] => [b[0], b[4]]) };
      return {
        ...base,
        data: buckets.map((b): [number, number] => [b[0], b[1]]),
        band: buckets.map((b): [number, number, number] => [b[0], b[2], b[3]]),
      };
    });
  }

  private async read(ids: number[], from: number, to: number, tz: string, plan: CurvePlan): Promise<Map<number, Read>> {
    const out = new Map<number, Read>();
    const put = (rows: BucketSeries[], resolution: Read['resolution'], bucketMs: number) => {
      for (const id of ids) if (!out.has(id)) out.set(id, { resolution, bucketMs, buckets: [] });
      for (const { p, b } of rows) out.set(p, { resolution, bucketMs, buckets: b });
    };
    if (plan.source === '15m') put(await quarterBuckets(this.db, ids, from, to), '15m', plan.bucketMs);
    else if (plan.source === '1h') put(await hourBuckets(this.db, ids, from, to, tz), '1h', plan.bucketMs);
    else if (plan.source === '1d') put(await dayBuckets(this.db, ids, from, to, plan.days, tz), '1d', plan.bucketMs);
    else {
      // Raw samples as they are while a point has few enough; decimated into round buckets otherwise.
      const counts = await rawCounts(this.db, ids, from, to);
      const dense = ids.filter((id) => (counts.get(id) ?? 0) > MAX_CURVE_BUCKETS);
      const sparse = ids.filter((id) => !dense.includes(id));
      if (dense.length) {
        const width = rawBucketMs(to - from);
        put(await rawBuckets(this.db, dense, from, to, width, tz), 'raw', width);
      }
      const raw = new Map((sparse.length ? await rawSeries(this.db, sparse, from, to) : []).map((s) => [s.p, s.r]));
      for (const id of sparse) out.set(id, { resolution: 'raw', bucketMs: null, raw: raw.get(id) ?? [] });
    }
    return out;
  }
}
