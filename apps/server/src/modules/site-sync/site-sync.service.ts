import { type CommandKind, type CommandRow, type Lang, ResultCode, type SyncStationRow } from '@ess/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../lib/types';
import { lastCommands } from '../command/command.repository';
import type { CommandService } from '../command/command.service';
import { assertStationInScope, stationIdsInScope, stationsInScope } from '../station/station-scope.service';
import type { TelemetryRuntime } from '../telemetry/telemetry-runtime';
import { buildSiteConfig, buildVirtualConfig } from './site-config';

/** Configuration pushes share one lane: one in flight per station, whichever kind. */
const SYNC_LANE = 'sync';

type SyncKind = Extract<CommandKind, 'configSync' | 'virtualSync'>;

/**
 * Site configuration one-key sync and virtual configuration sync: a station's configuration
 * pushed to its EMS as one command, with the command service's delivery state.
 */
export class SiteSyncService {
  constructor(
    private readonly db: Db,
    private readonly commands: CommandService,
    private readonly telemetry: TelemetryRuntime | null,
  ) {}

  async list(user: SessionUser, kind: SyncKind, keyword: string | undefined, lang: Lang): Promise<SyncStationRow[]> {
    const text = keyword?.trim().toLowerCase() ?? '';
    const stations = (await stationsInScope(this.db, user)).filter(
      (s) => !text || s.name.toLowerCase().includes(text) || s.code.toLowerCase().includes(text),
    );
    const ids = stations.map((s) => s.id);
    const [ems, last] = await Promise.all([this.emsOf(ids), lastCommands(this.db, ids, [kind], lang)]);
    return stations.map((s) => {
      const e = ems.get(s.id);
      return {
        stationId: s.id,
        stationName: s.name,
        stationCode: s.code,
        emsSn: e?.sn ?? null,
        emsOnline: e ? (this.telemetry?.deviceOnline(e.id) ?? false) : false,
        last: last.get(s.id) ?? null,
      };
    });
  }

  async sync(user: SessionUser, stationId: number, kind: SyncKind, lang: Lang): Promise<CommandRow> {
    const station = await assertStationInScope(this.db, user, stationId);
    const ems = (await this.emsOf([station.id])).get(station.id);
    if (!ems) throw new AppError(404, ResultCode.NOT_FOUND, 'commandNoEms');
    const version = Date.now();
    const config =
      kind === 'configSync'
        ? await buildSiteConfig(this.db, station, version)
        : await buildVirtualConfig(this.db, station, version);
    return this.commands.issue(
      {
        target: { stationId: station.id, stationCode: station.code, deviceId: ems.id, sn: ems.sn },
        kind,
        lane: SYNC_LANE,
        config,
        issuedBy: user.userId,
      },
      lang,
    );
  }

  /** One command, if its station is in the caller's scope (else 404 like a missing one). */
  async command(user: SessionUser, id: number, lang: Lang): Promise<CommandRow> {
    const row = await this.commands.get(id, lang);
    const scope = await stationIdsInScope(this.db, user);
    if (!scope.includes(row.stationId)) throw notFound('commandNotFound');
    return row;
  }

  /** The first EMS of each station (by sort). */
  private async emsOf(stationIds: number[]): Promise<Map<number, { id: number; sn: string }>> {
    const out = new Map<number, { id: number; sn: string }>();
    if (stationIds.length === 0) return out;
    const rows = await this.db
      .select({ id: devices.id, sn: devices.sn, stationId: devices.stationId })
      .from(devices)
      .where(and(inArray(devices.stationId, stationIds), eq(devices.type, 'ems')))
      .orderBy(asc(devices.sort), asc(devices.id));
    for (const r of rows) if (!out.has(r.stationId)) out.set(r.stationId, { id: r.id, sn: r.sn });
    return out;
  }
}
