import {
  LANGS,
  type Lang,
  type Names,
  ResultCode,
  type VirtualAddBody,
  type VirtualDevice,
  type VirtualPointInput,
  type VirtualUpdateBody,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { AppError, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { assertDeviceInScope, loadStationDevices, rowName, virtualDevice } from '../device';
import { checkFormula } from './formula-check';
import {
  deleteDevice,
  formulaContext,
  freeVirtualSn,
  insertVirtualDevice,
  listVirtual,
  pageVirtualIds,
  replaceVirtualDevice,
  snTaken,
  type VirtualPointValues,
} from './virtual.repository';

/** PostgreSQL's unique_violation, possibly wrapped by Drizzle. */
const isUniqueViolation = (e: unknown): boolean => {
  for (let c: unknown = e; c && typeof c === 'object'; c = (c as { cause?: unknown }).cause) {
    if ((c as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

const namesOf = (p: VirtualPointInput): Names => {
  const all = Object.fromEntries(LANGS.map((l) => [l, p.name])) as Names;
  return { ...all, ...p.names };
};

const values = (list: VirtualPointInput[]): VirtualPointValues[] =>
  list.map((p, i) => ({
    code: p.code,
    names: namesOf(p),
    unit: p.unit || null,
    precision: p.precision,
    formula: p.formula,
    sort: i + 1,
  }));

/**
 * Virtual devices (spec 7 `/business/virtual/*`): points computed on ingest from formulas over
 * the station's real points. Every change is announced with `devicesChanged` after it commits,
 * so the ingest reloads its formulas.
 */
export class VirtualService {
  constructor(
    private readonly db: Db,
    private readonly bus: TelemetryBus,
  ) {}

  async add(user: SessionUser, body: VirtualAddBody, lang: Lang): Promise<VirtualDevice> {
    const station = await assertStationInScope(this.db, user, body.stationId);
    await this.checkFormulas(station.id, body.points);
    // Serials follow the station: a clash can then only be with a device of this station, so
    // the answer tells nothing about stations outside the caller's scope.
    if (body.sn !== undefined && !body.sn.startsWith(`${station.code}-`)) {
      throw new AppError(400, ResultCode.BAD_REQUEST, 'snPrefix', { prefix: `${station.code}-` });
    }
    const sn = body.sn ?? (await freeVirtualSn(this.db, station.code));
    if (await snTaken(this.db, sn)) throw new AppError(409, ResultCode.CONFLICT, 'snTaken', { sn });
    const id = await this.db
      .transaction((tx) => insertVirtualDevice(tx, { stationId: station.id, name: body.name, sn }, values(body.points)))
      .catch((e: unknown) => {
        // Another request took the serial number between the check and the insert.
        throw isUniqueViolation(e) ? new AppError(409, ResultCode.CONFLICT, 'snTaken', { sn }) : e;
      });
    this.bus.emit('devicesChanged', { stationId: station.id });
    return this.view(station.id, id, lang);
  }

  async update(user: SessionUser, body: VirtualUpdateBody, lang: Lang): Promise<VirtualDevice> {
    const device = await this.virtualInScope(user, body.id);
    await this.checkFormulas(device.stationId, body.points);
    // The name as shown in this language came back: not a rename, the seeded translations stay.
    const name = body.name === rowName(device, lang) ? null : body.name;
    await this.db.transaction((tx) => replaceVirtualDevice(tx, device.id, name, values(body.points)));
    this.bus.emit('devicesChanged', { stationId: device.stationId });
    return this.view(device.stationId, device.id, lang);
  }

  async remove(user: SessionUser, id: number): Promise<null> {
    const device = await this.virtualInScope(user, id);
    await deleteDevice(this.db, device.id);
    this.bus.emit('devicesChanged', { stationId: device.stationId });
    return null;
  }

  async page(
    user: SessionUser,
    body: { stationId: number; pageNum: number; pageSize: number; name?: string | undefined },
    lang: Lang,
  ): Promise<{ total: number; pageNum: number; pageSize: number; list: VirtualDevice[] }> {
    await assertStationInScope(this.db, user, body.stationId);
    const { total, ids } = await pageVirtualIds(
      this.db,
      body.stationId,
      body.name || undefined,
      (body.pageNum - 1) * body.pageSize,
      body.pageSize,
    );
    const loaded = await loadStationDevices(this.db, body.stationId, { deviceIds: ids });
    const list = ids.flatMap((id) => loaded.filter((d) => d.id === id).map((d) => virtualDevice(d, lang)));
    return { total, pageNum: body.pageNum, pageSize: body.pageSize, list };
  }

  async list(user: SessionUser, stationId: number, lang: Lang) {
    await assertStationInScope(this.db, user, stationId);
    return listVirtual(this.db, stationId, lang);
  }

  private async virtualInScope(user: SessionUser, id: number) {
    const { device } = await assertDeviceInScope(this.db, user, id).catch((e: unknown) => {
      throw e instanceof AppError && e.status === 404 ? notFound('virtualNotFound') : e;
    });
    if (device.type !== 'virtual') throw notFound('virtualNotFound');
    return device;
  }

  private async checkFormulas(stationId: number, list: VirtualPointInput[]): Promise<void> {
    const ctx = await formulaContext(this.db, stationId);
    for (const p of list) {
      const problem = checkFormula(p.code, p.formula, ctx);
      if (problem) throw problem;
    }
  }

  private async view(stationId: number, id: number, lang: Lang): Promise<VirtualDevice> {
    const [d] = await loadStationDevices(this.db, stationId, { deviceIds: [id] });
    if (!d) throw notFound('virtualNotFound');
    return virtualDevice(d, lang);
  }
}
