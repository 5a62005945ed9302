import {
  checkPhone,
  isTimeZone,
  type Lang,
  type NationStations,
  type PageOf,
  ResultCode,
  type StationAdmin,
  type StationBody,
  type StationLogoBody,
  type StationPageBody,
  type StationUpdateBody,
  stationProblem,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import type { MessageKey } from '../../../i18n/messages';
import { stationScopeFilter, stationsInScope } from '../../../kernel/station-scope.service';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { AppError, notFound } from '../../../lib/app-error';
import type { BytesAnswer } from '../../../lib/endpoint-route';
import type { SessionUser } from '../../../lib/types';
import { phoneError, sqlState } from '../../access/org';
import { findStation } from './station.repository';
import { toStation } from './station.service';
import {
  deleteLogo,
  deleteStationWithoutDevices,
  findLogo,
  findStationAdmin,
  insertStation,
  type StationAdminRow,
  saveLogo,
  stationAdminPage,
  stationCodeTaken,
  updateStation,
} from './station-admin.repository';
import { checkLogo } from './station-logo';
import { nationListing } from './station-nation';

const bad = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(400, ResultCode.BAD_REQUEST, key, params);
const codeConflict = (code: string) => new AppError(409, ResultCode.CONFLICT, 'stationCodeTaken', { code });
/** The form's checks with the form's messages (spec 5 phone rules among them). */
function checkFields(b: StationBody): void {
  const problem = stationProblem(b, { isZone: isTimeZone, phone: checkPhone });
  if (!problem) return;
  if (problem.field === 'phone') throw phoneError(problem.key);
  throw bad(problem.key);
}

/**
 * Station management (/system/department): every call works inside the caller's station scope.
 * A station the caller could not see after a change (an organisation outside their scope) is
 * never written: the change is rolled back and refused.
 */
export class StationAdminService {
  constructor(
    private readonly db: Db,
    private readonly bus: TelemetryBus,
  ) {}

  private toAdmin(row: StationAdminRow, lang: Lang, user: SessionUser): StationAdmin | null {
    const s = toStation(row, lang, user);
    return s
      ? {
          ...s,
          cityEntered: row.city,
          orgName: row.orgName,
          hasLogo: row.hasLogo,
          deviceCount: row.deviceCount,
          createTime: row.createTime.toISOString(),
          updateTime: row.updateTime.toISOString(),
        }
      : null;
  }

  async page(user: SessionUser, q: StationPageBody, lang: Lang): Promise<PageOf<StationAdmin>> {
    const { rows, total } = await stationAdminPage(this.db, q, stationScopeFilter(user), lang);
    return { rows: rows.flatMap((r) => this.toAdmin(r, lang, user) ?? []), total };
  }

  async detail(user: SessionUser, id: number, lang: Lang): Promise<StationAdmin> {
    const row = await findStationAdmin(this.db, id, stationScopeFilter(user), lang);
    const s = row && this.toAdmin(row, lang, user);
    if (!s) throw notFound('stationNotFound');
    return s;
  }

  async nation(user: SessionUser, lang: Lang): Promise<NationStations> {
    return nationListing(await stationsInScope(this.db, user), lang);
  }

  /** Throws (rolling the transaction back) unless the caller can see station `id` as written. */
  private async assertStillVisible(tx: Db, user: SessionUser, id: number): Promise<void> {
    if (!(await findStation(tx, id, stationScopeFilter(user)))) throw bad('stationOrgOutOfScope');
  }

  async add(user: SessionUser, b: StationBody): Promise<{ id: number }> {
    checkFields(b);
    if (await stationCodeTaken(this.db, b.code)) throw codeConflict(b.code);
    const id = await this.write(() =>
      this.db.transaction(async (tx) => {
        const id = await insertStation(tx, b);
        if (id === null) throw codeConflict(b.code);
        await this.assertStillVisible(tx, user, id);
        return id;
      }),
    );
    // A new station: the station lists (station directory) and the telemetry registry.
    this.bus.emit('devicesChanged', { stationId: id });
    return { id };
  }

  async update(user: SessionUser, b: StationUpdateBody): Promise<null> {
    checkFields(b);
    const { id, ...fields } = b;
    // The guard already answered 404 outside the scope; this reads the stored city.
    const current = await findStationAdmin(this.db, id, undefined);
    if (!current) throw notFound('stationNotFound');
    // Devices publish under the station code: it stays while the station has devices.
    if (current.code !== b.code && current.deviceCount > 0) throw bad('stationCodeLocked', { n: current.deviceCount });
    if (await stationCodeTaken(this.db, b.code, id)) throw codeConflict(b.code);
    await this.write(() =>
      this.db.transaction(async (tx) => {
        await updateStation(tx, id, fields, current.city === fields.city);
        await this.assertStillVisible(tx, user, id);
      }),
    );
    // Time zone and code feed the telemetry registry (local days, topics).
    this.bus.emit('devicesChanged', { stationId: id });
    return null;
  }

  /** Runs a write, turning key violations into the form's messages. */
  private async write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const state = sqlState(err);
      if (state === '23503') throw bad('stationOrgOutOfScope');
      if (state === '23505') throw new AppError(409, ResultCode.CONFLICT, 'conflict');
      throw err;
    }
  }

  async remove(id: number): Promise<null> {
    const row = await findStationAdmin(this.db, id, undefined);
    if (!row) throw notFound('stationNotFound');
    const held = (n: number) => new AppError(409, ResultCode.CONFLICT, 'stationHasDevices', { name: row.name, n });
    if (row.deviceCount > 0) throw held(row.deviceCount);
    if (!(await deleteStationWithoutDevices(this.db, id))) {
      // A device arrived meanwhile, or another session deleted it first.
      const again = await findStationAdmin(this.db, id, undefined);
      throw again ? held(again.deviceCount) : notFound('stationNotFound');
    }
    this.bus.emit('devicesChanged', { stationId: id });
    return null;
  }

  async logo(id: number): Promise<BytesAnswer> {
    const logo = await findLogo(this.db, id);
    if (!logo) throw notFound('stationLogoNotFound');
    return { bytes: logo.bytes, contentType: logo.contentType };
  }

  async uploadLogo(
    b: StationLogoBody,
  ): Promise<{ contentType: 'image/png' | 'image/jpeg' | 'image/webp'; size: number }> {
    const checked = checkLogo(b.data);
    if (!checked.ok) throw bad(checked.problem === 'size' ? 'stationLogoTooLarge' : 'stationLogoFormat');
    await saveLogo(this.db, b.id, checked.type, checked.bytes);
    return { contentType: checked.type, size: checked.bytes.length };
  }

  async removeLogo(id: number): Promise<null> {
    await deleteLogo(this.db, id);
    return null;
  }
}
