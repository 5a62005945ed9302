import { randomUUID } from 'node:crypto';
import {
  type CommandKind,
  type CommandPayload,
  type CommandRow,
  type CommandState,
  type Lang,
  ResultCode,
} from '@ess/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { TelemetryBus } from '../telemetry/telemetry-bus';
import type { TelemetryRuntime } from '../telemetry/telemetry-runtime';
import {
  expireCommands,
  findCommand,
  inFlightOfLane,
  insertCommand,
  markSent,
  resolveCommand,
} from './command.repository';
import { platformMessage } from './command-message';

/** The device a command goes to. */
export type CommandTarget = { stationId: number; stationCode: string; deviceId: number; sn: string };

export type IssueRequest = {
  target: CommandTarget;
  kind: CommandKind;
  /** Commands of one lane exclude each other per station (one in flight); null: no such rule. */
  lane: string | null;
  points?: Record<string, number>;
  config?: Record<string, unknown>;
  issuedBy: number;
};

type Log = { warn: (obj: object, msg: string) => void };

/** A command this instance settled (success, failure, timeout or cancelled), once per command. */
export type SettledCommand = {
  id: number;
  commandId: string;
  stationId: number;
  deviceId: number | null;
  state: Exclude<CommandState, 'pending' | 'sent'>;
};
export type SettleListener = (c: SettledCommand) => void;

const SWEEP_MS = 1_000;

/** A point command's (first) point and value, kept in columns for the lists; null for other kinds. */
const pointOf = (req: IssueRequest): { pointCode: string | null; value: number | null } => {
  const first = req.kind === 'points' ? Object.entries(req.points ?? {})[0] : undefined;
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

/**
 * The platform's command service: stores a command (pending), publishes it on the device's
 * `cmd` topic (sent) and settles it by the device's `cmd/ack` (success or failure) or by its
 * timeout. Honest by construction: a device offline at send time fails at once ("device
 * offline"), never shows as delivered; what a stopped server left in flight is settled as timed
 * out by the sweep once its time is up, on whichever instance runs first. Acks reach every
 * instance; settling is a conditional update, so it happens once.
 */
export class CommandService {
  private timer: NodeJS.Timeout | null = null;
  private off: (() => void) | null = null;
  private firstSweep = true;
  private sweeping = false;
  private readonly listeners = new Set<SettleListener>();

  constructor(
    private readonly o: {
      db: Db;
      bus: TelemetryBus;
      telemetry: TelemetryRuntime | null;
      timeoutS: number;
      log: Log;
    },
  ) {}

  start(): void {
    const { db, bus, log } = this.o;
    this.off = bus.on('commandAck', ({ deviceId, ack }) => {
      this.settle({ commandId: ack.id, deviceId }, ack.status, ack.message ?? null).catch((err: unknown) =>
        log.warn({ err, commandId: ack.id }, 'command answer not stored'),
      );
    });
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

  private emit(c: SettledCommand): void {
    for (const l of this.listeners) {
      try {
        l(c);
      } catch (err) {
        this.o.log.warn({ err, commandId: c.commandId }, 'command settle listener failed');
      }
    }
  }

  /** Settles a command in flight and tells the listeners; false when it was already settled. */
  private async settle(
    where: Parameters<typeof resolveCommand>[1],
    state: SettledCommand['state'],
    message: string | null,
  ): Promise<boolean> {
    const key = await resolveCommand(this.o.db, where, state, message);
    if (key) this.emit({ ...key, state });
    return key !== null;
  }

  stop(): void {
    this.off?.();
    this.off = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async issue(req: IssueRequest, lang: Lang): Promise<CommandRow> {
    const { db, telemetry, timeoutS } = this.o;
    const { target } = req;
    if (req.lane && (await inFlightOfLane(db, target.stationId, req.lane))) throw inFlight();
    const commandId = `${req.kind}-${randomUUID()}`;
    const payload: CommandPayload = {
      id: commandId,
      ts: Date.now(),
      points: req.points ?? {},
      ...(req.kind === 'points' ? {} : { kind: req.kind }),
      ...(req.config ? { config: req.config } : {}),
    };
    let id: number;
    try {
      id = await insertCommand(db, {
        commandId,
        stationId: target.stationId,
        deviceId: target.deviceId,
        kind: req.kind,
        lane: req.lane,
        payload,
        ...pointOf(req),
        timeoutS,
        issuedBy: req.issuedBy,
      });
    } catch (err) {
      // Two requests at once: the partial unique index lets one through.
      if (isUniqueViolation(err)) throw inFlight();
      throw err;
    }
    if (!telemetry?.deviceOnline(target.deviceId)) {
      await this.settle({ id }, 'failure', platformMessage('commandDeviceOffline'));
    } else {
      try {
        await telemetry.publishCommand(target.stationCode, target.sn, payload);
        await markSent(db, id);
      } catch (err) {
        const detail = err instanceof Error ? err.message : String(err);
        await this.settle({ id }, 'failure', platformMessage('commandPublishFailed', { detail }));
      }
    }
    return this.get(id, lang);
  }

  async get(id: number, lang: Lang): Promise<CommandRow> {
    const row = await findCommand(this.o.db, id, lang);
    if (!row) throw notFound('commandNotFound');
    return row;
  }

  /** Settles commands whose time is up; the first run after start names the restart as the cause. */
  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    const first = this.firstSweep;
    this.firstSweep = false;
    try {
      for (const c of await expireCommands(this.o.db, new Date())) {
        const message = first
          ? platformMessage('commandInterrupted')
          : platformMessage('commandTimedOut', { seconds: c.timeoutS });
        await this.settle({ id: c.id }, 'timeout', message);
      }
    } catch (err) {
      this.o.log.warn({ err }, 'command timeouts not settled');
    } finally {
      this.sweeping = false;
    }
  }
}
