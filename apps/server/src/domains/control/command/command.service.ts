import { randomUUID } from 'node:crypto';
import {
  COMMAND_ORIGIN_KINDS,
  type CommandOrigin,
  type CommandPayload,
  type CommandRow,
  type CommandState,
  commandPayload,
  type Lang,
  planCurveConfig,
  ResultCode,
  type TransferOrder,
  type UpgradeOrder,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { AppError, notFound } from '../../../lib/app-error';
import { DEFAULT_TIMINGS } from '../../telemetry/cluster';
import type { TelemetryRuntime } from '../../telemetry/telemetry';
import {
  claimResends,
  commandAddress,
  commandRowId,
  describeCommand,
  deviceSn,
  expireCommands,
  findCommand,
  insertCommand,
  issuerName,
  markSent,
  type ResendClaim,
  recordLateAck,
  resolveCommand,
  type StoredCommand,
} from './command.repository';
import { platformMessage, readMessage } from './command-message';
import { planSegmentsProblem, pointValuesProblem, segmentWhere, valueRefusal } from './command-value';

/** The device a command goes to. */
export type CommandTarget = { stationId: number; stationCode: string; deviceId: number; sn: string };

export type IssueRequest = {
  target: CommandTarget;
  /** What issues it; its kind follows (COMMAND_ORIGIN_KINDS). */
  origin: CommandOrigin;
  /**
   * Commands of one lane exclude each other per station (one in flight); null: no such rule.
   * Point commands to one device use `deviceLane(deviceId)`: one control operation at a time.
   */
  lane: string | null;
  points?: Record<string, number>;
  config?: Record<string, unknown>;
  /** A firmware upgrade's order (kind `upgrade`). */
  upgrade?: UpgradeOrder;
  /** A file transfer's order (kinds `filePush`, `filePull`). */
  transfer?: TransferOrder;
  /** Seconds the device has to answer; default the service's COMMAND_TIMEOUT_S. */
  timeoutS?: number;
  /**
   * The protocol id, when the caller recorded it before issuing (so a crash in between leaves
   * a trace it can reconcile: `commandOutcomes`); else one is made.
   */
  commandId?: string;
  /** Null: the user who set it going was deleted since (a scheduled upgrade wave). */
  issuedBy: number | null;
};

/** The lane of point commands to one device (spec 8: one control operation at a time per device). */
export const deviceLane = (deviceId: number): string => `device:${deviceId}`;

type Log = { warn: (obj: object, msg: string) => void };

/** A command this instance settled (success, failure, timeout or cancelled), once per command. */
export type SettledCommand = {
  id: number;
  commandId: string;
  stationId: number;
  deviceId: number | null;
  state: Exclude<CommandState, 'pending' | 'sent'>;
  /** The version a device's success named (firmware upgrades), when the device settled it. */
  version?: string;
};
export type SettleListener = (c: SettledCommand) => void;

const SWEEP_MS = 1_000;

/** A point command's (first) point and value, kept in columns for the lists; null for other kinds. */
const pointOf = (req: IssueRequest): { pointCode: string | null; value: number | null } => {
  const first = COMMAND_ORIGIN_KINDS[req.origin] === 'points' ? Object.entries(req.points ?? {})[0] : undefined;
  return first ? { pointCode: first[0], value: first[1] } : { pointCode: null, value: null };
};

/** Spec 8 "delivery in progress, wait": 409, as a second one cannot start. */
const inFlight = () => new AppError(409, ResultCode.CONFLICT, 'commandInFlight');

/** PostgreSQL's unique_violation, possibly wrapped by Drizzle. */
const isUniqueViolation = (e: unknown): boolean => {
  for (let c: unknown = e; c && typeof c === 'object'; c = (c as { cause?: unknown }).cause) {
    if ((c as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/** A command claimed after a restart, waiting to be sent again while its time lasts. */
type Resend = ResendClaim & { stationCode: string; sn: string; payload: CommandPayload; lastSentAt: number | null };

/**
 * A claimed command is published again this often until answered or out of time: after a
 * restart a device may look online (recent data) before it has subscribed again, and a message
 * published then is lost. The protocol id stays the same, so the device can tell repeats apart.
 */
const RESEND_EVERY_MS = 3_000;
/** An instance whose heartbeat is older than this has stopped (as for its MQTT sessions). */
const INSTANCE_STALE_S = DEFAULT_TIMINGS.staleMs / 1000;

/**
 * The platform's command service: stores a command (pending), publishes it on the device's
 * `cmd` topic (sent) and settles it by the device's `cmd/ack` (success or failure), by its
 * timeout or by a user's cancel. Honest by construction: a device offline at send time fails at
 * once ("device offline"), never shows as delivered. After a restart, what the stopped server
 * left in flight is sent again while its time lasts (claimed by one instance; same protocol id,
 * so a duplicate answer settles nothing twice), else settled as interrupted. Acks reach every
 * instance; settling is a conditional update, so it happens once. Each state change is emitted
 * on the bus (`command`) for the live sockets.
 */
export class CommandService {
  private timer: NodeJS.Timeout | null = null;
  private readonly off: (() => void)[] = [];
  private firstSweep = true;
  private sweeping = false;
  private startedAt = new Date();
  /** Commands this instance claimed to send again after a restart, by id. */
  private readonly resends = new Map<number, Resend>();
  /** The last push of a state change (`changed`), which the next one waits for. */
  private pushes: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<SettleListener>();
  /** Serial numbers and issuer names of the rows pushed live (read once, then kept). */
  private readonly sns = new Map<number, string | null>();
  private readonly issuers = new Map<number, string | null>();

  constructor(
    private readonly o: {
      db: Db;
      bus: TelemetryBus;
      telemetry: TelemetryRuntime | null;
      timeoutS: number;
      log: Log;
      /** This instance's name (lib/instance-id.ts), stamped on the commands it issues. */
      instanceId: string;
    },
  ) {}

  start(): void {
    const { bus, log } = this.o;
    this.startedAt = new Date();
    this.off.push(
      bus.on('commandAck', ({ deviceId, ack }) => {
        if (ack.status === 'progress') return this.onProgress(ack.id);
        this.onAck(deviceId, ack.id, ack.status, ack.message ?? null, ack.version).catch((err: unknown) =>
          log.warn({ err, commandId: ack.id }, 'command answer not stored'),
        );
      }),
      // A device back online gets what it was waiting for since the restart.
      bus.on('deviceStatus', ({ deviceId, online }) => {
        if (!online) return;
        for (const r of this.resends.values()) if (r.deviceId === deviceId) void this.resend(r, true);
      }),
    );
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  /**
   * Calls `listener` for each command this instance settles (the instance whose conditional
   * update won). Plan curve deliveries and sequential runs advance on it; returns the remover.
   */
  onSettled(listener: SettleListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stop(): void {
    for (const f of this.off) f();
    this.off.length = 0;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.resends.clear();
  }

  async issue(req: IssueRequest, lang: Lang): Promise<CommandRow> {
    const { db, telemetry, timeoutS } = this.o;
    const { target, origin } = req;
    const kind = COMMAND_ORIGIN_KINDS[origin];
    await this.checkValues(req, lang);
    this.sns.set(target.deviceId, target.sn);
    const commandId = req.commandId ?? `${kind}-${randomUUID()}`;
    const payload: CommandPayload = {
      id: commandId,
      ts: Date.now(),
      points: req.points ?? {},
      ...(kind === 'points' ? {} : { kind }),
      ...(req.config ? { config: req.config } : {}),
      ...(req.upgrade ? { upgrade: req.upgrade } : {}),
      ...(req.transfer ? { transfer: req.transfer } : {}),
    };
    let stored: StoredCommand;
    try {
      // One of a lane in flight: the partial unique index refuses the second (no read first).
      stored = await insertCommand(db, {
        commandId,
        stationId: target.stationId,
        deviceId: target.deviceId,
        kind,
        origin,
        lane: req.lane,
        payload,
        ...pointOf(req),
        timeoutS: req.timeoutS ?? timeoutS,
        issuedBy: req.issuedBy,
        issuerInstance: this.o.instanceId,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw inFlight();
      throw err;
    }
    const { id } = stored;
    let latest: StoredCommand | null = null;
    if (!telemetry?.deviceOnline(target.deviceId)) {
      latest = await this.settle({ id }, 'failure', platformMessage('commandDeviceOffline'));
    } else {
      try {
        await telemetry.publishCommand(target.stationCode, target.sn, payload);
        latest = await markSent(db, id);
        if (latest) await this.changed(latest);
        // Online by its data or stored state but not (yet) subscribed again after a restart: the
        // message may be lost — sent again until it answers.
        if (latest && !telemetry.deviceListening(target.deviceId, this.startedAt.getTime())) {
          this.resends.set(id, {
            id,
            commandId,
            stationId: target.stationId,
            deviceId: target.deviceId,
            payload,
            stationCode: target.stationCode,
            sn: target.sn,
            lastSentAt: Date.now(),
          });
        }
      } catch (err) {
        const detail = err instanceof Error ? err.message : String(err);
        latest = await this.settle({ id }, 'failure', platformMessage('commandPublishFailed', { detail }));
      }
    }
    // Null: settled meanwhile by a fast answer; read it as it is now.
    if (!latest) return this.get(id, lang);
    const row = await this.describe(latest);
    return { ...row, message: readMessage(row.message, lang) };
  }

  /**
   * The last line of the one value check (command-value.ts): whatever path issues a command, a
   * value its device's point or its station's rated power refuses is neither stored nor sent
   * (400 naming the device and point). Callers check first, in their own words; this keeps a
   * future path from bypassing it.
   */
  private async checkValues(req: IssueRequest, lang: Lang): Promise<void> {
    const { db } = this.o;
    const { target } = req;
    const kind = COMMAND_ORIGIN_KINDS[req.origin];
    if (kind === 'points') {
      const bad = await pointValuesProblem(db, target, req.points ?? {});
      if (bad) throw valueRefusal(bad.problem, bad.point, { where: target.sn, field: `points.${bad.code}` }, lang);
    }
    if (kind === 'planCurve') {
      const plan = planCurveConfig.safeParse(req.config);
      if (!plan.success) return; // the EMS refuses a malformed plan in its own words
      const { segments } = plan.data;
      const bad = await planSegmentsProblem(db, target.stationId, segments);
      if (bad) {
        const where = segmentWhere(segments, bad.segment, lang, target.sn);
        throw valueRefusal(bad.problem, bad.point, { where, field: `segments[${bad.segment - 1}].powerKw` }, lang);
      }
    }
  }

  async get(id: number, lang: Lang): Promise<CommandRow> {
    const row = await findCommand(this.o.db, id, lang);
    if (!row) throw notFound('commandNotFound');
    return row;
  }

  /**
   * Cancels a command still pending or sent (409 once settled) and tells the device on its
   * `cmd` topic (`{id, kind:'cancel', points:{}}`); `who` names the user in the message.
   */
  async cancel(id: number, who: string, lang: Lang): Promise<CommandRow> {
    const address = await commandAddress(this.o.db, id);
    if (!address) throw notFound('commandNotFound');
    const done = await this.settle({ id }, 'cancelled', platformMessage('commandCancelledBy', { user: who }));
    if (!done) throw new AppError(409, ResultCode.CONFLICT, 'commandSettled');
    this.resends.delete(id);
    // Read before the device is told: its answer to the cancel may land before this call returns.
    const row = await this.get(id, lang);
    const { telemetry, log } = this.o;
    if (address.sn && address.deviceId !== null && telemetry?.deviceOnline(address.deviceId)) {
      const cancel: CommandPayload = { id: address.commandId, ts: Date.now(), points: {}, kind: 'cancel' };
      await telemetry
        .publishCommand(address.stationCode, address.sn, cancel)
        .catch((err: unknown) => log.warn({ err, commandId: address.commandId }, 'cancel not delivered'));
    }
    return row;
  }

  /** Cancels by protocol id (a module withdrawing its own command); false when it was settled or unknown. */
  async cancelByCommandId(commandId: string, who: string, lang: Lang): Promise<boolean> {
    const id = await commandRowId(this.o.db, commandId);
    if (id === null) return false;
    return this.cancel(id, who, lang).then(
      () => true,
      () => false,
    );
  }

  /** Settles commands whose time is up; the first run after start also claims what a restart left. */
  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    const first = this.firstSweep;
    this.firstSweep = false;
    try {
      for (const c of await expireCommands(this.o.db, new Date(), this.o.instanceId, INSTANCE_STALE_S)) {
        const waiting = this.resends.get(c.id);
        this.resends.delete(c.id);
        // Left by a stopped server and never delivered again: the restart is the cause.
        const message =
          (first && c.leftBehind) || (waiting && waiting.lastSentAt === null)
            ? platformMessage('commandInterrupted')
            : platformMessage('commandTimedOut', { seconds: c.timeoutS });
        await this.settle({ id: c.id }, 'timeout', message);
      }
      if (first) await this.claimLeftovers();
      for (const r of this.resends.values()) await this.resend(r, false);
    } catch (err) {
      this.o.log.warn({ err }, 'command timeouts not settled');
    } finally {
      this.sweeping = false;
    }
  }

  /** Commands a stopped server left in flight, still within their time: this instance sends them again. */
  private async claimLeftovers(): Promise<void> {
    const { db, log } = this.o;
    for (const claim of await claimResends(db, this.startedAt, new Date(), this.o.instanceId, INSTANCE_STALE_S)) {
      const address = await commandAddress(db, claim.id);
      const parsed = commandPayload.safeParse(claim.payload);
      if (!address?.sn || !parsed.success) {
        log.warn({ commandId: claim.commandId }, 'command left by a restart cannot be sent again');
        continue;
      }
      this.resends.set(claim.id, {
        ...claim,
        stationCode: address.stationCode,
        sn: address.sn,
        payload: parsed.data,
        lastSentAt: null,
      });
    }
  }

  /**
   * Sends a claimed command again when its device is online (same payload and protocol id): at
   * once when the device comes back (`now`), else at most every RESEND_EVERY_MS.
   */
  private async resend(r: Resend, now: boolean): Promise<void> {
    const { db, telemetry, log } = this.o;
    if (r.deviceId === null || !telemetry?.deviceOnline(r.deviceId)) return;
    if (!now && r.lastSentAt !== null && Date.now() - r.lastSentAt < RESEND_EVERY_MS) return;
    r.lastSentAt = Date.now();
    try {
      await telemetry.publishCommand(r.stationCode, r.sn, r.payload);
      const sent = await markSent(db, r.id);
      if (sent) await this.changed(sent);
    } catch (err) {
      log.warn({ err, commandId: r.commandId }, 'command not sent again');
    }
  }

  /**
   * A command whose answer was lost but whose effect the device reports (an upgrade's device
   * running the new version): settled as success, saying so, instead of staying sent until its
   * time is up. False when it was settled already.
   */
  async settleReported(commandId: string, deviceId: number, version: string): Promise<boolean> {
    const message = platformMessage('commandAnswerLost', { version });
    return (await this.settle({ commandId, deviceId }, 'success', message, version)) !== null;
  }

  /** The device is working on it (a long command): a command claimed after a restart needs no resending. */
  private onProgress(commandId: string): void {
    for (const [id, r] of this.resends) if (r.commandId === commandId) this.resends.delete(id);
  }

  private async onAck(
    deviceId: number,
    commandId: string,
    status: 'success' | 'failure',
    message: string | null,
    version: string | undefined,
  ) {
    if (await this.settle({ commandId, deviceId }, status, message, version)) return;
    // Cancelled before the device answered: its answer is kept, the state stays cancelled.
    const late = platformMessage('commandLateAck', { status, detail: message ?? '' });
    const stored = await recordLateAck(this.o.db, commandId, deviceId, late);
    if (stored) await this.changed(stored);
  }

  /** Settles a command in flight and tells the listeners; null when it was already settled. */
  private async settle(
    where: Parameters<typeof resolveCommand>[1],
    state: SettledCommand['state'],
    message: string | null,
    version?: string,
  ): Promise<StoredCommand | null> {
    const stored = await resolveCommand(this.o.db, where, state, message);
    if (!stored) return null;
    const { id, commandId, stationId, deviceId } = stored;
    this.resends.delete(id);
    this.emit({ id, commandId, stationId, deviceId, state, ...(version ? { version } : {}) });
    await this.changed(stored);
    return stored;
  }

  /** The list shape of a stored row (message as stored); serials and issuer names are read once, then kept. */
  private async describe(r: StoredCommand): Promise<CommandRow> {
    const { db } = this.o;
    if (r.deviceId !== null && !this.sns.has(r.deviceId)) this.sns.set(r.deviceId, await deviceSn(db, r.deviceId));
    if (r.issuedBy !== null && !this.issuers.has(r.issuedBy)) {
      this.issuers.set(r.issuedBy, await issuerName(db, r.issuedBy));
    }
    return describeCommand(r, {
      deviceSn: r.deviceId === null ? null : (this.sns.get(r.deviceId) ?? null),
      issuedBy: r.issuedBy === null ? null : (this.issuers.get(r.issuedBy) ?? null),
    });
  }

  /**
   * Tells the live sockets (through the bus) the command's new state. Pushes go one after
   * another in the order they were asked for: a first `describe` reads names from the database,
   * so without the queue a device's quick `success` could reach the screen before its `sent`.
   */
  private changed(stored: StoredCommand): Promise<void> {
    const next = this.pushes.then(() => this.push(stored));
    this.pushes = next;
    return next;
  }

  private async push(stored: StoredCommand): Promise<void> {
    try {
      const row = await this.describe(stored);
      this.o.bus.emit('command', { stationId: row.stationId, command: row });
    } catch (err) {
      this.o.log.warn({ err, id: stored.id }, 'command change not pushed');
    }
  }

  private emit(c: SettledCommand): void {
    for (const l of this.listeners) {
      try {
        l(c);
      } catch (err) {
        this.o.log.warn({ err, commandId: c.commandId }, 'command settle listener failed');
      }
    }
  }
}
