import type { LiveServerMessage } from '@ess/contract';
import type { SocketLike } from './live-client';

/** A WebSocket stand-in for tests: records what the client sends; the test plays the server. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: unknown[] = [];
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  closedWith: number | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000, reason = ''): void {
    this.closedWith = code;
    this.drop(code, reason);
  }

  /** Server side: the connection opens. */
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** Server side: a message arrives (an object is sent as JSON). */
  receive(msg: LiveServerMessage | string): void {
    this.onmessage?.(new MessageEvent('message', { data: typeof msg === 'string' ? msg : JSON.stringify(msg) }));
  }

  /** Server side: the connection ends. */
  drop(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code, reason }));
  }
}

/** A socket factory for LiveClient that keeps every socket it made. */
export function fakeSockets() {
  const all: FakeSocket[] = [];
  return {
    all,
    create: (url: string): FakeSocket => {
      const s = new FakeSocket(url);
      all.push(s);
      return s;
    },
    last: (): FakeSocket => {
      const s = all.at(-1);
      if (!s) throw new Error('no socket yet');
      return s;
    },
  };
}
