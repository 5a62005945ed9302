import {
  checkOffsetValue,
  checkScale,
  type Lang,
  type OffsetRow,
  type offsetPageBody,
  type offsetSaveBody,
  type PageOf,
  ResultCode,
} from '@ess/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import { AppError } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { localName } from '../device';
import { offsetPage, reportedPointsOf, saveOffsets } from './offset.repository';

type ParsedPage = z.output<typeof offsetPageBody>;
type ParsedSave = z.output<typeof offsetSaveBody>;

/**
 * Offset settings: the calibration of reported points. A change is announced (`changed`) after it
 * committed; the telemetry registry reloads and ingest applies it from the next message on, on
 * every instance (devicesChanged travels through the cluster relay).
 */
export class OffsetService {
  constructor(
    private readonly db: Db,
    private readonly changed: (stationId: number) => Promise<void>,
  ) {}

  async page(user: SessionUser, q: ParsedPage, lang: Lang): Promise<PageOf<OffsetRow>> {
    await assertStationInScope(this.db, user, q.stationId);
    const { rows, total } = await offsetPage(this.db, q, lang);
    return {
      total,
      rows: rows.map((r) => ({
        pointId: r.pointId,
        deviceId: r.deviceId,
        deviceName: r.deviceName,
        sn: r.sn,
        code: r.code,
        name: localName(r.names, lang, r.code),
        unit: r.unit,
        scale: r.scale ?? 1,
        offset: r.offset ?? 0,
        updatedBy: r.scale === null ? null : r.updatedBy,
        updateTime: r.updateTime?.getTime() ?? null,
      })),
    };
  }

  async save(user: SessionUser, body: ParsedSave): Promise<null> {
    for (const i of body.items) {
      const problem = checkScale(i.scale) ?? checkOffsetValue(i.offset);
      if (problem) throw new AppError(400, ResultCode.BAD_REQUEST, problem);
    }
    const ids = [...new Set(body.items.map((i) => i.pointId))];
    if (ids.length !== body.items.length) throw new AppError(400, ResultCode.BAD_REQUEST, 'offsetDuplicatePoint');
    const known = await reportedPointsOf(this.db, body.stationId, ids);
    if (known.size !== ids.length) throw new AppError(404, ResultCode.NOT_FOUND, 'offsetPointNotFound');
    await saveOffsets(this.db, body.items, user.userId);
    await this.changed(body.stationId);
    return null;
  }
}
