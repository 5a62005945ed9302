import {
  type CabinetRow,
  type CommandPage,
  type CommandRow,
  type ControlCommandAnswer,
  type ControlCommandDetail,
  type ControlDevicePoints,
  type ControlPassword,
  type ControlPoint,
  commandValueBounds,
  commandValueProblem,
  type controlApi,
  type EndpointParsed,
  IN_FLIGHT_STATES,
  type Lang,
  ResultCode,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { stationIdsInScope } from '../../../kernel/station-scope.service';
import { AppError, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import type { AuthService } from '../../access/auth';
import type { TelemetryRuntime } from '../../telemetry/telemetry';
import {
  type CommandService,
  commandAddress,
  commandPage,
  deviceLane,
  inFlightOfDevices,
  valueRefusal,
} from '../command';
import { controlReaches, mayIssue, STATION_SETPOINT } from './command-rights';
import {
  type ControlDevice,
  findControlDevice,
  pointsWithLatest,
  type StoredPoint,
  stationDevicesOfType,
} from './control.repository';

const CONTROLLABLE: StoredPoint['kind'][] = ['setpoint', 'control'];

const IN_FLIGHT: ReadonlySet<string> = new Set(IN_FLIGHT_STATES);
type PageInput = EndpointParsed<typeof controlApi.commandPage>;

/** A point as the control pages show it; `min`/`max` what may be sent now (its range within the station's rating). */
const toControlPoint = (p: StoredPoint, ratedPowerKw: number | null, lang: Lang): ControlPoint => ({
  code: p.code,
  name: p.names[lang],
  kind: p.kind === 'control' ? 'control' : 'setpoint',
  unit: p.unit,
  precision: p.precision,
  ...(p.states ? { min: p.min, max: p.max } : commandValueBounds(p, ratedPowerKw)),
  states: p.states
    ? Object.entries(p.states)
        .map(([value, names]) => ({ value: Number(value), label: names[lang] }))
        .sort((a, b) => a.value - b.value)
    : null,
  value: p.value,
  ts: p.ts?.getTime() ?? null,
});

/**
 * Remote control (issue 14 part 2): a device's setpoint and control points set through the
 * command service, one command per device at a time, each after the user re-entered their
 * password (confirmed before anything is stored). Everything is limited to the caller's stations.
 */
export class ControlService {
  constructor(
    private readonly db: Db,
    private readonly commands: CommandService,
    private readonly auth: AuthService,
    private readonly telemetry: TelemetryRuntime | null,
  ) {}

  async command(
    user: SessionUser,
    b: { deviceId: number; pointCode: string; value: number } & ControlPassword,
    ip: string,
    lang: Lang,
  ): Promise<ControlCommandAnswer> {
    const device = await this.deviceInScope(user, b.deviceId);
    if (!controlReaches(user, device.type)) {
      throw new AppError(403, ResultCode.FORBIDDEN, 'controlCabinetOnly');
    }
    return this.issue(user, device, b.pointCode, b.value, b, ip, lang);
  }

  /** Spec 7 `singapore/setPoint`: the station's power setpoint, as a command to its EMS `pSet`. */
  async setPoint(
    user: SessionUser,
    b: { stationId: number; value: number } & ControlPassword,
    ip: string,
    lang: Lang,
  ): Promise<ControlCommandAnswer> {
    const ems = await stationDevicesOfType(this.db, b.stationId, 'ems');
    const withSetpoint = await pointsWithLatest(
      this.db,
      ems.map((e) => e.id),
      { codes: [STATION_SETPOINT], kinds: ['setpoint'] },
    );
    const device = ems.find((e) => withSetpoint.some((p) => p.deviceId === e.id));
    if (!device) throw new AppError(404, ResultCode.NOT_FOUND, 'commandNoEms');
    return this.issue(user, device, STATION_SETPOINT, b.value, b, ip, lang);
  }

  async detail(user: SessionUser, id: number, lang: Lang): Promise<ControlCommandDetail> {
    return toDetail(await this.commandInScope(user, id, lang));
  }

  /**
   * Cancels a command still in flight at a station in the caller's scope: only who may issue
   * that kind of command now (command-rights.ts), its issuer included.
   */
  async cancel(user: SessionUser, id: number, lang: Lang): Promise<ControlCommandDetail> {
    await this.commandInScope(user, id, lang);
    const issued = await commandAddress(this.db, id);
    if (!issued) throw notFound('commandNotFound');
    if (!(await mayIssue(this.db, user, issued))) {
      throw new AppError(403, ResultCode.FORBIDDEN, 'commandCancelForbidden');
    }
    return toDetail(await this.commands.cancel(id, user.username, lang));
  }

  async points(user: SessionUser, deviceId: number, lang: Lang): Promise<ControlDevicePoints> {
    const device = await this.deviceInScope(user, deviceId);
    const [points, inFlight] = await Promise.all([
      pointsWithLatest(this.db, [device.id], { kinds: CONTROLLABLE }),
      inFlightOfDevices(this.db, [device.id], lang),
    ]);
    return {
      deviceId: device.id,
      stationId: device.stationId,
      online: this.online(device.id),
      points: points.map((p) => toControlPoint(p, device.stationRatedPowerKw, lang)),
      inFlight: inFlight.get(device.id) ?? null,
    };
  }

  /** The route has checked the station's scope. Each in-flight row says whether the caller may cancel it. */
  async page(user: SessionUser, b: PageInput, lang: Lang): Promise<CommandPage> {
    const page = await commandPage(this.db, b, b, lang);
    const rows = await Promise.all(
      page.rows.map(async (r) => {
        if (!IN_FLIGHT.has(r.state)) return { ...r, cancellable: false };
        const issued = await commandAddress(this.db, r.id);
        return { ...r, cancellable: issued !== null && (await mayIssue(this.db, user, issued)) };
      }),
    );
    return { ...page, rows };
  }

  /** The route has checked the station's scope. */
  async cabinets(stationId: number, lang: Lang): Promise<CabinetRow[]> {
    const cabinets = await stationDevicesOfType(this.db, stationId, 'cabinet', lang);
    const ids = cabinets.map((c) => c.id);
    const [points, inFlight] = await Promise.all([
      pointsWithLatest(this.db, ids),
      inFlightOfDevices(this.db, ids, lang),
    ]);
    return cabinets.map((c) => {
      const own = points.filter((p) => p.deviceId === c.id);
      const pointOf = (code: string) => own.find((p) => p.code === code) ?? null;
      const run = pointOf('runState');
      const runState = run?.value ?? null;
      return {
        deviceId: c.id,
        sn: c.sn,
        name: c.name,
        online: this.online(c.id),
        runState,
        runStateLabel: runState === null ? null : (run?.states?.[String(runState)]?.[lang] ?? null),
        power: pointOf('p')?.value ?? null,
        soc: pointOf('soc')?.value ?? null,
        ratedPowerKw: c.ratedPowerKw,
        points: own
          .filter((p) => CONTROLLABLE.includes(p.kind))
          .map((p) => toControlPoint(p, c.stationRatedPowerKw, lang)),
        inFlight: inFlight.get(c.id) ?? null,
      };
    });
  }

  private async issue(
    user: SessionUser,
    device: ControlDevice,
    pointCode: string,
    value: number,
    sealed: ControlPassword,
    ip: string,
    lang: Lang,
  ): Promise<ControlCommandAnswer> {
    const [point] = await pointsWithLatest(this.db, [device.id], { kinds: CONTROLLABLE, codes: [pointCode] });
    if (!point) throw new AppError(400, ResultCode.BAD_REQUEST, 'controlPointUnknown', { point: pointCode });
    // The one value check (spec 5's ±65,535, the point's range or states, the station's rated power).
    const problem = commandValueProblem(point, value, device.stationRatedPowerKw);
    if (problem) throw valueRefusal(problem, point, { where: null, field: 'value' }, lang);
    // Before anything is stored: a wrong password leaves no command behind.
    await this.auth.confirmPassword(user, sealed, { ip });
    const row = await this.commands.issue(
      {
        target: { stationId: device.stationId, stationCode: device.stationCode, deviceId: device.id, sn: device.sn },
        origin: 'control',
        lane: deviceLane(device.id),
        points: { [point.code]: value },
        issuedBy: user.userId,
      },
      lang,
    );
    return { id: row.id, state: row.state };
  }

  private online(deviceId: number): boolean {
    return this.telemetry?.deviceOnline(deviceId) ?? false;
  }

  /** The device, if its station is in the caller's scope (else 404 like a missing one). */
  private async deviceInScope(user: SessionUser, deviceId: number): Promise<ControlDevice> {
    const device = await findControlDevice(this.db, deviceId);
    if (!device || device.type === 'virtual') throw notFound('deviceNotFound');
    if (!(await stationIdsInScope(this.db, user)).includes(device.stationId)) throw notFound('deviceNotFound');
    return device;
  }

  /** The command, if its station is in the caller's scope (else 404 like a missing one). */
  private async commandInScope(user: SessionUser, id: number, lang: Lang): Promise<CommandRow> {
    const row = await this.commands.get(id, lang);
    if (!(await stationIdsInScope(this.db, user)).includes(row.stationId)) throw notFound('commandNotFound');
    return row;
  }
}

const toDetail = (r: CommandRow): ControlCommandDetail => ({
  id: r.id,
  deviceId: r.deviceId,
  pointCode: r.pointCode,
  value: r.value,
  state: r.state,
  message: r.message,
  issuedBy: r.issuedBy,
  createdAt: r.createTime,
  sentAt: r.sentTime,
  resolvedAt: r.resolvedTime,
});
