import { connect } from 'node:net';

export type ProbeResult = { ok: true } | { ok: false; reason: 'timeout' | 'unreachable' };

/** Whether something accepts TCP connections at host:port (the connection is closed at once). */
export function probeTcp(host: string, port: number, timeoutMs: number): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (r: ProbeResult) => {
      socket.destroy();
      resolve(r);
    };
    socket.setTimeout(timeoutMs, () => done({ ok: false, reason: 'timeout' }));
    socket.once('connect', () => done({ ok: true }));
    socket.once('error', () => done({ ok: false, reason: 'unreachable' }));
  });
}
