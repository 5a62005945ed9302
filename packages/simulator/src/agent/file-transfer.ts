import { createHash } from 'node:crypto';
import type { CommandAck, CommandPayload, TransferOrder } from '@ess/contract';

/** What the transfers need of their device. */
export type TransferHost = {
  /** Answers on `cmd/ack`, queued while the device is down. */
  answer: (ack: CommandAck) => void;
  /** The device's own log: what it did lately, one line per event. */
  journal: () => string;
};

/** Files a simulated device keeps from pushes (the oldest go first), so a pull can read them back. */
const KEPT_FILES = 10;

/**
 * File transfers of a simulated device (issue 25 part 2; docs/device-protocol.md "File
 * transfers"): a push is fetched, hashed and kept under its path, answered with the SHA-256 the
 * device computed; a pull uploads the path's bytes (`log`: its journal) to the one-time URL. The
 * same command again is answered again, never done twice.
 */
export class FileTransfers {
  private readonly files = new Map<string, Buffer>();
  private readonly answered = new Map<string, CommandAck>();
  private readonly running = new Set<string>();

  constructor(private readonly h: TransferHost) {}

  handle(cmd: CommandPayload): boolean {
    if (cmd.kind !== 'filePush' && cmd.kind !== 'filePull') return false;
    const done = this.answered.get(cmd.id);
    if (done) this.h.answer(done);
    else if (!this.running.has(cmd.id)) {
      const order = cmd.transfer;
      if (!order) this.finish({ id: cmd.id, status: 'failure', message: 'transfer without its order' });
      else void this.run(cmd.id, order);
    }
    return true;
  }

  private finish(ack: CommandAck): void {
    this.answered.set(ack.id, ack);
    if (this.answered.size > 50) this.answered.delete(this.answered.keys().next().value ?? '');
    this.h.answer(ack);
  }

  private async run(id: string, order: TransferOrder): Promise<void> {
    this.running.add(id);
    try {
      this.finish(order.direction === 'push' ? await this.push(id, order) : await this.pull(id, order));
    } catch (err) {
      this.finish({
        id,
        status: 'failure',
        message: `transfer failed: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500),
      });
    } finally {
      this.running.delete(id);
    }
  }

  private async push(id: string, order: TransferOrder): Promise<CommandAck> {
    const res = await fetch(order.url);
    if (res.status !== 200) return { id, status: 'failure', message: `download refused: HTTP ${res.status}` };
    const bytes = Buffer.from(await res.arrayBuffer());
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (order.size !== undefined && bytes.length !== order.size)
      return { id, status: 'failure', message: `got ${bytes.length} bytes of ${order.size}`, sha256 };
    this.files.delete(order.path);
    this.files.set(order.path, bytes);
    if (this.files.size > KEPT_FILES) this.files.delete(this.files.keys().next().value ?? '');
    return { id, status: 'success', sha256 };
  }

  private async pull(id: string, order: TransferOrder): Promise<CommandAck> {
    const bytes = order.path === 'log' ? Buffer.from(this.h.journal(), 'utf8') : this.files.get(order.path);
    if (!bytes) return { id, status: 'failure', message: `no such file: ${order.path}` };
    if (order.maxBytes !== undefined && bytes.length > order.maxBytes)
      return { id, status: 'failure', message: `${order.path} is ${bytes.length} bytes, over ${order.maxBytes}` };
    const res = await fetch(order.url, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bytes),
    });
    if (!res.ok) return { id, status: 'failure', message: `upload refused: HTTP ${res.status}` };
    return { id, status: 'success' };
  }
}
