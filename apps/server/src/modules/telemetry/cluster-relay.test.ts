import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { ClusterRelay } from './cluster-relay';
import { type CommandChange, type DeviceReadings, TelemetryBus } from './telemetry-bus';

const url = process.env.DATABASE_URL;
const quiet = { warn: () => {} };

describe.skipIf(!url)('cluster relay between server instances (PostgreSQL LISTEN/NOTIFY)', () => {
  it('passes committed values and device changes to the other instance, never back', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const busA = new TelemetryBus();
    const busB = new TelemetryBus();
    const seenByB: number[] = [];
    const a = new ClusterRelay({ url: url ?? '', pool, bus: busA, log: quiet, onRemoteSeen: () => {} });
    const b = new ClusterRelay({
      url: url ?? '',
      pool,
      bus: busB,
      log: quiet,
      onRemoteSeen: (ids) => seenByB.push(...ids),
    });
    await a.start();
    await b.start();
    const relayedToB: DeviceReadings[][] = [];
    const relayedToA: DeviceReadings[][] = [];
    busB.on('relayedCommitted', (r) => relayedToB.push(r));
    busA.on('relayedCommitted', (r) => relayedToA.push(r));
    let changesOnA = 0;
    let changesOnB = 0;
    busA.on('devicesChanged', () => changesOnA++);
    busB.on('devicesChanged', () => changesOnB++);
    try {
      // Two batches within a second coalesce per device, newest values winning.
      busA.emit('committed', [{ stationId: 1, deviceId: 7, values: { p: { value: 1, ts: 1000 } } }]);
      busA.emit('committed', [
        { stationId: 1, deviceId: 7, values: { p: { value: 2, ts: 2000 }, q: { value: 5, ts: 2000 } } },
        { stationId: 1, deviceId: 8, values: { soc: { value: 50, ts: 2000 } } },
      ]);
      busA.emit('devicesChanged', { stationId: 1 });
      await vi.waitFor(() => expect(relayedToB.flat()).toHaveLength(2), { timeout: 5000 });
      const seven = relayedToB.flat().find((r) => r.deviceId === 7);
      expect(seven?.values).toEqual({ p: { value: 2, ts: 2000 }, q: { value: 5, ts: 2000 } });
      expect(seenByB.sort()).toEqual([7, 8]);
      await vi.waitFor(() => expect(changesOnB).toBe(1), { timeout: 5000 });
      // Nothing comes back to the sender, and the replayed change is not relayed again.
      await new Promise((r) => setTimeout(r, 2500));
      expect(relayedToA).toEqual([]);
      expect(changesOnA).toBe(1);
      expect(changesOnB).toBe(1);
    } finally {
      await a.close();
      await b.close();
      await pool.end();
    }
  });

  it('passes command state changes (sent, settled) to the other instance for its live sockets, once', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const busA = new TelemetryBus();
    const busB = new TelemetryBus();
    const a = new ClusterRelay({ url: url ?? '', pool, bus: busA, log: quiet, onRemoteSeen: () => {} });
    const b = new ClusterRelay({ url: url ?? '', pool, bus: busB, log: quiet, onRemoteSeen: () => {} });
    await a.start();
    await b.start();
    const onA: CommandChange[] = [];
    const onB: CommandChange[] = [];
    busA.on('command', (c) => onA.push(c));
    busB.on('command', (c) => onB.push(c));
    const row = (id: number, state: CommandChange['command']['state']): CommandChange => ({
      stationId: 3,
      command: {
        id,
        commandId: `points-${id}`,
        stationId: 3,
        deviceId: 9,
        deviceSn: 'SN-9',
        kind: 'points',
        pointCode: 'pSet',
        value: -50,
        state,
        issuedBy: 'Admin',
        createTime: 1000,
        sentTime: state === 'pending' ? null : 1001,
        resolvedTime: state === 'success' ? 1002 : null,
        message: state === 'success' ? null : '@commandDeviceOffline',
      },
    });
    try {
      // Seven changes: more than one NOTIFY payload's share, in order.
      const sent = [1, 2, 3, 4, 5, 6].map((id) => row(id, 'sent'));
      for (const c of [...sent, row(1, 'success')]) busA.emit('command', c);
      await vi.waitFor(() => expect(onB).toHaveLength(7), { timeout: 5000 });
      expect(onB).toEqual([...sent, row(1, 'success')]);
      await new Promise((r) => setTimeout(r, 2500));
      // Only A's own seven; nothing came back.
      expect(onA).toHaveLength(7);
      expect(onB).toHaveLength(7);
    } finally {
      await a.close();
      await b.close();
      await pool.end();
    }
  });
});
