import { type SQL, sql } from 'drizzle-orm';

/**
 * The raw samples of some points as a table (point_id, ts, value), for a FROM clause: `ids` an
 * integer[] expression, `when` the condition on the sample time (given the column). ts_msg holds a
 * row per device message (a virtual point's samples under minus its id), so the rows are found
 * by the points' devices, their own ids and the time (its key) and only then unnested — never a
 * scan of every device's messages of the range.
 */
export const rawSamples = (ids: SQL, when: (ts: SQL) => SQL): SQL => sql`(
  select u.point_id, m.ts, u.value
  from ts_msg m cross join lateral unnest(m.point_ids, m."values") as u(point_id, value)
  where m.device_id = any(array(select p.device_id from biz_point p where p.id = any(${ids})
      union all select -id from unnest(${ids}) as v(id)))
    and ${when(sql`m.ts`)} and u.point_id = any(${ids})
) as raw`;
