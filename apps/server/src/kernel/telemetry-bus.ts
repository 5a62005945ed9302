import { EventEmitter } from 'node:events';
import type { AlarmChange, CommandAck, CommandRow, SequenceRun } from '@ess/contract';

/** A stored sample of one point (real or virtual). */
export type Reading = { pointId: number; ts: number; value: number };

/** Samples of one device that a batch committed, with what live clients need to route them. */
export type DeviceReadings = {
  stationId: number;
  deviceId: number;
  /** Newest sample per point code of this device in the batch. */
  values: Record<string, { value: number; ts: number }>;
};

export type DeviceStatusChange = { stationId: number; deviceId: number; online: boolean; at: number };

/** Alarms of a station were raised, recovered or confirmed; `count` is its unconfirmed count after. */
export type StationAlarmChange = { stationId: number; change: AlarmChange; eventIds: number[]; count: number };

/** A device's answer to a command (`…/cmd/ack`), for command tracking. */
/** Whose received messages changed (a new, ended, deleted or read message); null: anyone's. */
export type MessagesChange = { userIds: number[] | null };
export type DeviceCommandAck = { stationId: number; deviceId: number; ack: CommandAck };
/** A command was sent or settled: the row with its stored message (localized by each reader). */
export type CommandChange = { stationId: number; command: CommandRow };

/** A sequential control run changed (started, a step moved, ended); messages in their stored form (sequence-render.ts). */
export type SequenceChange = { stationId: number; run: SequenceRun };

/**
 * What a signed-in caller may do changed: one user's sessions (logout, password, disabled,
 * deleted, roles) or everyone's (a role's or menu's permissions). Session caches drop those
 * entries; the cluster relay passes it to the other instances at once.
 */
export type SessionsChange = { userId: number } | { all: true };

/** A live change another server instance made (the cluster relay), for live push only. */
export type RelayedLive =
  | { kind: 'alarm'; change: StationAlarmChange }
  | { kind: 'command'; change: CommandChange }
  | { kind: 'sequence'; change: SequenceChange }
  | { kind: 'messages'; change: MessagesChange };

type Events = {
  /** After a batch is committed (never before): its newest values per device. */
  committed: [DeviceReadings[]];
  /** A device went online or offline (status topic, last will, or data arriving / stopping). */
  deviceStatus: [DeviceStatusChange];
  /** Devices, points or formulas of a station changed (device APIs): reload what depends on them. */
  devicesChanged: [{ stationId: number }];
  /**
   * Samples another server instance committed (several instances share an external broker's
   * telemetry): for live push and device status only — never for work that each instance
   * must do exactly once for its own samples (that listens to `committed`).
   */
  relayedCommitted: [DeviceReadings[]];
  /** A device said which firmware it runs (its `status` message): the device module stores it. */
  deviceFirmware: [{ stationId: number; deviceId: number; version: string }];
  /** A device got a new secret: connections made with the old one are dropped. */
  deviceSecretRotated: [{ deviceId: number }];
  /** A device answered a command on `…/cmd/ack` (valid payloads only; others are quarantined). */
  commandAck: [DeviceCommandAck];
  /** The alarm engine stored raised or recovered events, or a user confirmed some (live push). */
  alarm: [StationAlarmChange];
  /** A command was sent or settled (live push of its state; the cluster relay passes it on as `relayedLive`). */
  command: [CommandChange];
  /** A sequential control run of a station changed (live `sequence` messages). */
  sequence: [SequenceChange];
  /** Messages became visible, ended, were deleted or read (the bells refetch their unread count). */
  messages: [MessagesChange];
  /**
   * An alarm, command, sequence or message change made on another instance (cluster relay): for
   * live push only — notifications and metrics count each change on the instance that made it.
   */
  relayedLive: [RelayedLive];
  /** Sessions were revoked or their rights changed, here or on another instance (relayed). */
  sessionsChanged: [SessionsChange];
};

/**
 * In-process events of the telemetry pipeline. Ingest publishes; live push, alarms and
 * command tracking subscribe. Listeners must not throw and must not block: they get
 * already-committed facts.
 */
export class TelemetryBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Live sockets subscribe per connection; the default warning at 10 is not meaningful here.
    this.emitter.setMaxListeners(0);
  }

  emit<K extends keyof Events>(event: K, ...args: Events[K]): void {
    this.emitter.emit(event, ...args);
  }

  on<K extends keyof Events>(event: K, listener: (...args: Events[K]) => void): () => void {
    this.emitter.on(event, listener as (...a: unknown[]) => void);
    return () => this.emitter.off(event, listener as (...a: unknown[]) => void);
  }
}
