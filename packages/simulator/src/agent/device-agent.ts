import {
  type CommandAck,
  type CommandPayload,
  commandPayload,
  type StatusPayload,
  type TelemetryMessage,
  topicOf,
} from '@ess/contract';
import { connect, type MqttClient } from 'mqtt';
import { type SimLogger, silentLogger } from '../logger';
import { type AgentStats, emptyStats } from './agent-stats';
import { answerConfig, isConfigCommand } from './config-command';
import { FileTransfers } from './file-transfer';
import { FirmwareUpdater, type UpgradeBehaviour } from './firmware-upgrade';

/** Samples per resent array; the protocol allows up to 10,000. */
export const RESEND_CHUNK = 1000;

export type DeviceAgentOptions = {
  url: string;
  stationCode: string;
  sn: string;
  /** The device's MQTT secret; absent for anonymous brokers. */
  password?: string;
  /** Answers a command; null leaves it unanswered (the platform then sees a timeout). */
  onCommand: (command: CommandPayload) => CommandAck | null;
  log?: SimLogger;
  /** Samples kept while offline; the oldest go first when full. */
  bufferLimit?: number;
  reconnectPeriodMs?: number;
  keepaliveS?: number;
  /** The firmware version it runs at start (default 1.0.0). */
  firmware?: string;
  /** How it takes a firmware upgrade (default normal). */
  upgradeBehaviour?: () => UpgradeBehaviour;
  /** Told each time the device applies firmware (tests count upgrades taken). */
  onFirmware?: (version: string) => void;
};

export const DEFAULT_FIRMWARE = '1.0.0';

const status = (online: boolean, firmware?: string): string =>
  JSON.stringify((firmware ? { online, firmware } : { online }) satisfies StatusPayload);

/**
 * One device's MQTT connection, as the device protocol describes it: user name and client id
 * = serial, password = its secret, a retained `{"online":false}` will and a retained
 * `{"online":true}` on every connect, QoS 1 telemetry, commands answered on `cmd/ack`.
 * While disconnected it buffers what it would have sent and resends it as arrays on reconnect.
 */
export class DeviceAgent {
  readonly stats: AgentStats = emptyStats();
  /** Its command subscription holds on the current connection: only then does it publish. */
  private subscribed = false;
  readonly sn: string;
  private client: MqttClient | null = null;
  private linkDown = false;
  /** Communication lost (a fault) and powered off (an upgrade's restart) are separate causes of being off the broker. */
  private commLost = false;
  private poweredOff = false;
  private stopped = false;
  private firmwareVersion: string;
  private readonly updater: FirmwareUpdater;
  private readonly transfers: FileTransfers;
  /** The device's own log (what a pull of `log` uploads): its latest events, one line each. */
  private readonly journalLines: string[] = [];
  /** Answers made while off the broker, sent on the next connect. */
  private readonly answers: CommandAck[] = [];
  private readonly buffer: TelemetryMessage[] = [];
  /** Published, not yet acknowledged: rebuffered if the link is cut under them. */
  private readonly inFlight = new Set<TelemetryMessage[]>();
  private lastError = '';
  private readonly topics: { telemetry: string; status: string; cmd: string; ack: string };
  private readonly log: SimLogger;

  constructor(private readonly o: DeviceAgentOptions) {
    this.sn = o.sn;
    this.log = o.log ?? silentLogger;
    this.firmwareVersion = o.firmware ?? DEFAULT_FIRMWARE;
    this.updater = new FirmwareUpdater({
      sn: o.sn,
      firmware: () => this.firmwareVersion,
      setFirmware: (v) => {
        this.firmwareVersion = v;
        o.onFirmware?.(v);
      },
      behaviour: () => o.upgradeBehaviour?.() ?? 'normal',
      answer: (ack) => this.answer(ack),
      setPowerOff: (off) => this.setPowerOff(off),
      log: this.log,
    });
    this.transfers = new FileTransfers({
      answer: (ack) => this.answer(ack),
      journal: () => `${this.journalLines.join('\n')}\n`,
    });
    this.note(`started, firmware ${this.firmwareVersion}`);
    this.topics = {
      telemetry: topicOf(o.stationCode, o.sn, 'telemetry'),
      status: topicOf(o.stationCode, o.sn, 'status'),
      cmd: topicOf(o.stationCode, o.sn, 'cmd'),
      ack: topicOf(o.stationCode, o.sn, 'cmd/ack'),
    };
  }

  /** The firmware version it runs. */
  get firmware(): string {
    return this.firmwareVersion;
  }

  /** Connected and allowed to talk. */
  get online(): boolean {
    return !this.linkDown && this.subscribed && this.client?.connected === true;
  }

  /** Connects; resolves once online (connected and subscribed), at the first error, or after `timeoutMs`. */
  start(timeoutMs = 10_000): Promise<boolean> {
    const c = this.open();
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        c.off('connect', onConnect);
        c.off('error', onError);
        resolve(ok);
      };
      // Connected and subscribed to its commands: only then is it online.
      const onConnect = () => void this.connectedClient(timeoutMs).then((ready) => done(ready !== null));
      const onError = () => done(false);
      const timer = setTimeout(() => done(false), timeoutMs);
      c.once('connect', onConnect);
      c.once('error', onError);
    });
  }

  /** Publishes one sample now, or buffers it while offline. */
  send(message: TelemetryMessage): void {
    const c = this.client;
    if (c && this.online) {
      this.flush(c);
      void this.publish(c, [message], false);
    } else this.hold([message]);
  }

  /**
   * Publishes samples as one array and resolves once the broker acknowledged it (with the
   * platform's broker: once stored). Waits for a connection first; used by backfill.
   */
  async sendBatch(messages: TelemetryMessage[], timeoutMs = 120_000): Promise<boolean> {
    const c = await this.connectedClient(timeoutMs);
    if (!c) {
      this.hold(messages);
      return false;
    }
    this.flush(c);
    return this.publish(c, messages, true);
  }

  /**
   * Communication loss on (the socket is dropped without DISCONNECT, so the broker publishes
   * the will) or off (reconnects and resends the buffer).
   */
  setLinkDown(down: boolean): void {
    this.commLost = down;
    this.applyLink();
  }

  /** Power off (an upgrade's restart, a simulated power loss) or back on. */
  setPowerOff(off: boolean): void {
    this.poweredOff = off;
    this.applyLink();
  }

  private applyLink(): void {
    const down = this.commLost || this.poweredOff;
    if (down === this.linkDown || this.stopped) return;
    this.linkDown = down;
    if (down) {
      const c = this.client;
      this.client = null;
      for (const pending of this.inFlight) this.hold(pending, true);
      this.inFlight.clear();
      c?.end(true);
      this.log.info(`${this.sn}: communication lost`);
      this.note('off the broker');
    } else {
      this.open();
      this.log.info(`${this.sn}: communication restored`);
    }
  }

  /** Announces `{"online":false}` and disconnects cleanly. */
  async stop(): Promise<void> {
    this.stopped = true;
    const c = this.client;
    this.client = null;
    if (!c) return;
    if (c.connected) {
      await c.publishAsync(this.topics.status, status(false), { qos: 1, retain: true }).catch(() => undefined);
      await c.endAsync();
    } else await c.endAsync(true);
  }

  private open(): MqttClient {
    const o = this.o;
    const c = connect(o.url, {
      clientId: o.sn,
      username: o.sn,
      password: o.password,
      clean: true,
      keepalive: o.keepaliveS ?? 30,
      reconnectPeriod: o.reconnectPeriodMs ?? 2000,
      connectTimeout: 10_000,
      will: { topic: this.topics.status, payload: Buffer.from(status(false)), qos: 1, retain: true },
    });
    c.on('connect', () => {
      this.subscribed = false;
      this.note('connected');
      if (this.lastError) this.log.info(`${o.sn}: connected`);
      this.lastError = '';
      // Subscribed first, then online: the platform sends commands to a device it sees online,
      // and a command published before the subscription holds would be lost (device-protocol.md).
      c.subscribe(this.topics.cmd, { qos: 1 }, () => {
        this.subscribed = true;
        c.publish(this.topics.status, status(true, this.firmwareVersion), { qos: 1, retain: true });
        for (const ack of this.answers.splice(0)) c.publish(this.topics.ack, JSON.stringify(ack), { qos: 1 });
        this.flush(c);
      });
    });
    c.on('message', (topic, payload) => this.onMessage(c, topic, payload));
    c.on('error', (err) => {
      this.stats.errors++;
      if (err.message !== this.lastError) this.log.warn(`${o.sn}: ${err.message}`);
      this.lastError = err.message;
    });
    this.client = c;
    return c;
  }

  private onMessage(c: MqttClient, topic: string, payload: Buffer): void {
    if (topic !== this.topics.cmd) return;
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    this.stats.commands++;
    const parsed = commandPayload.safeParse(json);
    let ack: CommandAck | null;
    // A configuration push is answered by the agent itself, as an EMS validates and applies it.
    if (parsed.success) this.note(`command ${parsed.data.id} (${parsed.data.kind ?? 'points'})`);
    // Upgrades and transfers run for a while and answer by themselves (progress, then the outcome).
    if (parsed.success && (this.updater.handle(parsed.data) || this.transfers.handle(parsed.data))) return;
    if (parsed.success) ack = isConfigCommand(parsed.data) ? answerConfig(parsed.data) : this.o.onCommand(parsed.data);
    else {
      const id = typeof json === 'object' && json !== null && 'id' in json ? json.id : undefined;
      ack = typeof id === 'string' && id.length > 0 ? { id, status: 'failure', message: 'malformed command' } : null;
    }
    if (ack) c.publish(this.topics.ack, JSON.stringify(ack), { qos: 1 });
  }

  /** One line of the device's own log, newest last (the last 500 kept). */
  private note(text: string): void {
    this.journalLines.push(`${new Date().toISOString()} ${this.sn} ${text}`);
    if (this.journalLines.length > 500) this.journalLines.shift();
  }

  /** Publishes an answer now, or on the next connect. */
  private answer(ack: CommandAck): void {
    this.note(`answer ${ack.id}: ${ack.status}${ack.message ? ` (${ack.message})` : ''}`);
    const c = this.client;
    if (c && this.online) c.publish(this.topics.ack, JSON.stringify(ack), { qos: 1 });
    else this.answers.push(ack);
  }

  private flush(c: MqttClient): void {
    while (this.buffer.length > 0 && this.online) {
      void this.publish(c, this.buffer.splice(0, RESEND_CHUNK), true);
    }
    this.stats.buffered = this.buffer.length;
  }

  private publish(c: MqttClient, samples: TelemetryMessage[], asArray: boolean): Promise<boolean> {
    const s = this.stats;
    s.messages++;
    s.samples += samples.length;
    for (const m of samples) s.points += Object.keys(m.values).length;
    this.inFlight.add(samples);
    const payload = JSON.stringify(asArray ? samples : samples[0]);
    return new Promise((resolve) => {
      c.publish(this.topics.telemetry, payload, { qos: 1 }, (err) => {
        this.inFlight.delete(samples);
        if (err) s.errors++;
        else s.acked++;
        resolve(!err);
      });
    });
  }

  /** Keeps samples for later, oldest dropped beyond the limit; `front` for samples older than the buffer's. */
  private hold(samples: TelemetryMessage[], front = false): void {
    if (front) this.buffer.unshift(...samples);
    else for (const m of samples) this.buffer.push(m);
    const excess = this.buffer.length - (this.o.bufferLimit ?? 10_000);
    if (excess > 0) {
      this.stats.dropped += excess;
      this.buffer.splice(0, excess);
    }
    this.stats.buffered = this.buffer.length;
  }

  private connectedClient(timeoutMs: number): Promise<MqttClient | null> {
    const c = this.client;
    if (c && this.online) return Promise.resolve(c);
    return new Promise((resolve) => {
      const started = Date.now();
      const poll = setInterval(() => {
        const now = this.client;
        if (now && this.online) {
          clearInterval(poll);
          resolve(now);
        } else if (this.stopped || Date.now() - started > timeoutMs) {
          clearInterval(poll);
          resolve(null);
        }
      }, 50);
    });
  }
}
