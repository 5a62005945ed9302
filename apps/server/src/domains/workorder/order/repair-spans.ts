import { ORDER_TYPE } from '@ess/contract';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { workOrders as o } from '../../../db/workorder-schema';

/**
 * When a station had a fault repair order open within [from, to) (epoch ms): from its creation
 * to its end (now for one still open). The run reviews count those hours as lost to repair.
 */
export async function faultRepairSpans(
  db: Db,
  stationId: number,
  from: number,
  to: number,
): Promise<{ start: number; end: number }[]> {
  const rows = await db
    .select({ start: o.createdAt, end: o.endedAt })
    .from(o)
    .where(
      and(
        eq(o.stationId, stationId),
        eq(o.orderType, ORDER_TYPE.faultRepair),
        lt(o.createdAt, new Date(to)),
        or(isNull(o.endedAt), gt(o.endedAt, new Date(from))),
      ),
    );
  return rows.map((r) => ({ start: r.start.getTime(), end: r.end?.getTime() ?? Number.POSITIVE_INFINITY }));
}
