import { createHash } from 'node:crypto';
import type { CommandAck, CommandPayload, UpgradeOrder } from '@ess/contract';
import type { SimLogger } from '../logger';

/**
 * How a simulated device takes a firmware upgrade (issue 25 part 3): `normal` downloads,
 * verifies, applies, restarts and reports the new version; `failVerify` finds the checksum
 * wrong; `powerLoss` loses power once mid-download and, back, resumes it with HTTP Range;
 * `keepVersion` reports success but still runs the old version (the platform must catch it).
 */
export const UPGRADE_BEHAVIOURS = ['normal', 'failVerify', 'powerLoss', 'keepVersion'] as const;
export type UpgradeBehaviour = (typeof UPGRADE_BEHAVIOURS)[number];

export const isUpgradeBehaviour = (s: string): s is UpgradeBehaviour =>
  (UPGRADE_BEHAVIOURS as readonly string[]).includes(s);

/** Upgrade behaviour per device serial, with one for every other device (`*`). */
export class UpgradeBehaviours {
  private fallback: UpgradeBehaviour = 'normal';
  private readonly bySn = new Map<string, UpgradeBehaviour>();

  set(target: string, behaviour: UpgradeBehaviour): void {
    if (target === '*') {
      this.fallback = behaviour;
      this.bySn.clear();
    } else this.bySn.set(target, behaviour);
  }

  of(sn: string): UpgradeBehaviour {
    return this.bySn.get(sn) ?? this.fallback;
  }
}

/** Parses `normal|failVerify|powerLoss|keepVersion`, optionally `sn=behaviour`; throws with the accepted forms. */
export function parseUpgradeBehaviour(text: string): { target: string; behaviour: UpgradeBehaviour } {
  const eq = text.indexOf('=');
  const target = eq < 0 ? '*' : text.slice(0, eq).trim();
  const value = (eq < 0 ? text : text.slice(eq + 1)).trim();
  if (!isUpgradeBehaviour(value) || target.length === 0) {
    throw new Error(
      `upgrade behaviour "${text}": use ${UPGRADE_BEHAVIOURS.join('|')} or <sn>=${UPGRADE_BEHAVIOURS.join('|')}`,
    );
  }
  return { target, behaviour: value };
}

/** What the updater needs of its device. */
export type UpgradeHost = {
  sn: string;
  firmware: () => string;
  setFirmware: (version: string) => void;
  behaviour: () => UpgradeBehaviour;
  /** Answers on `cmd/ack`, queued while the device is down. */
  answer: (ack: CommandAck) => void;
  /** Power off (true) or on: the device drops off the broker without DISCONNECT, then reconnects. */
  setPowerOff: (off: boolean) => void;
  log: SimLogger;
  /** Simulated durations (ms): power loss, applying, restarting. */
  timings?: { powerLossMs: number; applyMs: number; restartMs: number };
};

const DEFAULT_TIMINGS = { powerLossMs: 3_000, applyMs: 1_000, restartMs: 2_000 };
/** A progress answer at most every this many percent. */
const PROGRESS_STEP = 10;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class PowerLost extends Error {}
class Withdrawn extends Error {}

/**
 * One device's firmware updater: one upgrade at a time; the same command again (the platform
 * resends after its restart) is ignored while it runs and answered again once it ended.
 */
export class FirmwareUpdater {
  private current: { id: string; abort: AbortController; withdrawn: boolean } | null = null;
  private readonly answered = new Map<string, CommandAck>();

  constructor(private readonly h: UpgradeHost) {}

  /** Takes an `upgrade` or a `cancel` of the running upgrade; false for every other command. */
  handle(cmd: CommandPayload): boolean {
    if (cmd.kind === 'cancel') {
      if (this.current?.id !== cmd.id) return false;
      this.current.withdrawn = true;
      this.current.abort.abort();
      return true;
    }
    if (cmd.kind !== 'upgrade' || !cmd.upgrade) return false;
    const done = this.answered.get(cmd.id);
    if (done) this.h.answer(done);
    else if (this.current?.id !== cmd.id) {
      if (this.current) this.h.answer({ id: cmd.id, status: 'failure', message: 'another upgrade is running' });
      else void this.run(cmd.id, cmd.upgrade);
    }
    return true;
  }

  private async run(id: string, order: UpgradeOrder): Promise<void> {
    const h = this.h;
    const t = h.timings ?? DEFAULT_TIMINGS;
    const job = { id, abort: new AbortController(), withdrawn: false };
    this.current = job;
    const chunks: Buffer[] = [];
    let received = 0;
    let lostPower = h.behaviour() !== 'powerLoss';
    let reported = 0;
    const finish = (ack: CommandAck) => {
      this.answered.set(id, ack);
      if (this.answered.size > 20) this.answered.delete(this.answered.keys().next().value ?? '');
      h.answer(ack);
    };
    try {
      // Download, resuming from `received` after a power loss.
      for (;;) {
        try {
          await this.download(order, received, job.abort.signal, (chunk) => {
            chunks.push(chunk);
            received += chunk.length;
            const pct = order.size === 0 ? 100 : Math.floor((received / order.size) * 100);
            if (pct - reported >= PROGRESS_STEP && pct < 100) {
              reported = pct;
              h.answer({ id, status: 'progress', progress: pct });
            }
            if (!lostPower && received >= order.size * 0.4) throw new PowerLost();
          });
          break;
        } catch (err) {
          if (!(err instanceof PowerLost)) throw err;
          lostPower = true;
          h.log.info(`${h.sn}: power lost during the firmware download at ${received} bytes`);
          h.setPowerOff(true);
          await sleep(t.powerLossMs);
          h.setPowerOff(false);
          h.log.info(`${h.sn}: power back, resuming the download from byte ${received}`);
        }
      }
      h.answer({ id, status: 'progress', progress: 100 });
      const bytes = Buffer.concat(chunks);
      const sha = createHash('sha256').update(bytes).digest('hex');
      if (h.behaviour() === 'failVerify' || sha !== order.sha256 || bytes.length !== order.size) {
        const shown = h.behaviour() === 'failVerify' ? `${sha.slice(0, 12)}…(corrupt)` : `${sha.slice(0, 12)}…`;
        finish({
          id,
          status: 'failure',
          message: `checksum mismatch: expected ${order.sha256.slice(0, 12)}…, got ${shown}`,
        });
        return;
      }
      await sleep(t.applyMs);
      if (h.behaviour() !== 'keepVersion') h.setFirmware(order.version);
      // Restart: off the broker, back with the new version in its status message.
      h.setPowerOff(true);
      await sleep(t.restartMs);
      h.setPowerOff(false);
      finish({ id, status: 'success', version: h.firmware() });
    } catch (err) {
      const message = job.withdrawn
        ? 'upgrade cancelled by the platform'
        : `download failed: ${err instanceof Error ? err.message : String(err)}`;
      finish({ id, status: 'failure', message: message.slice(0, 500) });
    } finally {
      if (this.current === job) this.current = null;
    }
  }

  /** Fetches the bytes from `from` on (HTTP Range) and hands them over as they arrive. */
  private async download(order: UpgradeOrder, from: number, signal: AbortSignal, take: (b: Buffer) => void) {
    if (from >= order.size && order.size > 0) return;
    const res = await fetch(order.url, { headers: from > 0 ? { range: `bytes=${from}-` } : {}, signal });
    if (from > 0 ? res.status !== 206 : res.status !== 200) throw new Error(`HTTP ${res.status}`);
    if (!res.body) throw new Error('no body');
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        take(Buffer.from(value));
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
    if (signal.aborted) throw new Withdrawn('withdrawn');
  }
}
