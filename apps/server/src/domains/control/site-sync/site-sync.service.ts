import { type CommandKind, type CommandRow, type Lang, ResultCode, type SyncStationRow } from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope, stationIdsInScope, stationsInScope } from '../../../kernel/station-scope.service';
import { AppError, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import type { TelemetryRuntime } from '../../telemetry/telemetry';
import type { CommandService } from '../command';
import { emsOfStations, lastCommands } from '../command';
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
    const [ems, last] = await Promise.all([emsOfStations(this.db, ids), lastCommands(this.db, ids, [kind], lang)]);
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
    const ems = (await emsOfStations(this.db, [station.id])).get(station.id);
    if (!ems) throw new AppError(404, ResultCode.NOT_FOUND, 'commandNoEms');
    const version = Date.now();
    const config =
      kind === 'configSync'
        ? await buildSiteConfig(this.db, station, version, lang)
        : await buildVirtualConfig(this.db, station, version, lang);
    return this.commands.issue(
      {
        target: { stationId: station.id, stationCode: station.code, deviceId: ems.id, sn: ems.sn },
        origin: kind,
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
}
