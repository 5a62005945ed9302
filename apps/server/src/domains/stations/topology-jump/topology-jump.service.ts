import { type Lang, ResultCode, type TopologyJumpRow, type topologyJumpAddBody } from '@ess/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { topologyJumps } from '../../../db/config-schema';
import { devices } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { localName } from '../device';

type AddBody = z.output<typeof topologyJumpAddBody>;

/**
 * Topology jump configuration: per station, node key → page or device. Saving replaces the
 * station's set in one transaction; a target device must be a device of the same station.
 */
export class TopologyJumpService {
  constructor(private readonly db: Db) {}

  /** Target devices named in `lang`. */
  async list(stationId: number, lang: Lang): Promise<TopologyJumpRow[]> {
    const rows = await this.db
      .select({
        id: topologyJumps.id,
        nodeKey: topologyJumps.nodeKey,
        targetKind: topologyJumps.targetKind,
        targetRoute: topologyJumps.targetRoute,
        targetDeviceId: topologyJumps.targetDeviceId,
        targetDeviceName: devices.name,
        targetDeviceNames: devices.names,
        updateTime: topologyJumps.updateTime,
      })
      .from(topologyJumps)
      .leftJoin(devices, eq(devices.id, topologyJumps.targetDeviceId))
      .where(eq(topologyJumps.stationId, stationId))
      .orderBy(asc(topologyJumps.nodeKey));
    return rows.map(({ targetDeviceNames, ...r }) => ({
      ...r,
      targetDeviceName: r.targetDeviceName === null ? null : localName(targetDeviceNames, lang, r.targetDeviceName),
      updateTime: r.updateTime.getTime(),
    }));
  }

  async save(body: AddBody, lang: Lang): Promise<TopologyJumpRow[]> {
    const seen = new Set<string>();
    for (const i of body.items) {
      if (seen.has(i.nodeKey))
        throw new AppError(400, ResultCode.BAD_REQUEST, 'topologyJumpDuplicateNode', { node: i.nodeKey });
      seen.add(i.nodeKey);
    }
    const targets = [
      ...new Set(body.items.flatMap((i) => (i.targetKind === 'device' && i.targetDeviceId ? [i.targetDeviceId] : []))),
    ];
    if (targets.length > 0) {
      const found = await this.db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.stationId, body.stationId), inArray(devices.id, targets)));
      if (found.length !== targets.length) throw new AppError(404, ResultCode.NOT_FOUND, 'topologyJumpDeviceNotFound');
    }
    await this.db.transaction(async (tx) => {
      await tx.delete(topologyJumps).where(eq(topologyJumps.stationId, body.stationId));
      if (body.items.length === 0) return;
      await tx.insert(topologyJumps).values(
        body.items.map((i) => ({
          stationId: body.stationId,
          nodeKey: i.nodeKey,
          targetKind: i.targetKind,
          targetRoute: i.targetKind === 'route' ? (i.targetRoute ?? null) : null,
          targetDeviceId: i.targetKind === 'device' ? (i.targetDeviceId ?? null) : null,
        })),
      );
    });
    return this.list(body.stationId, lang);
  }
}
