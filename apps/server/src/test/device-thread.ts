import { Worker } from 'node:worker_threads';
import type { IClientOptions } from 'mqtt';

/**
 * An MQTT device (mqtt.js) on a worker thread: what it spends sending (mqtt.js copies a
 * published payload) falls on its own event loop, as on a device's own machine, so a test
 * timing the server's loop times the server only.
 */
const DEVICE = `
const { parentPort, workerData } = require('node:worker_threads');
const mqtt = require('mqtt');
mqtt.connectAsync(workerData.url, workerData.options).then(
  (client) => {
    parentPort.on('message', (m) => {
      if (m.end) return client.endAsync().then(() => parentPort.postMessage({ ended: true }));
      client.publishAsync(m.topic, Buffer.from(m.payload), { qos: 1 }).then(
        () => parentPort.postMessage({ id: m.id }),
        (err) => parentPort.postMessage({ id: m.id, error: String(err) }),
      );
    });
    parentPort.postMessage({ ready: true });
  },
  (err) => parentPort.postMessage({ failed: String(err) }),
);
`;

type Reply = { ready?: true; failed?: string; id?: number; error?: string; ended?: true };

export type DeviceThread = {
  /**
   * Publishes at QoS 1; resolves on the PUBACK. A payload that fills its own memory is moved
   * to the thread, not copied: it is empty here afterwards.
   */
  publish: (topic: string, payload: Buffer | string) => Promise<void>;
  end: () => Promise<void>;
};

export async function deviceThread(url: string, options: IClientOptions): Promise<DeviceThread> {
  const worker = new Worker(DEVICE, { eval: true, workerData: { url, options } });
  const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  let ended: (() => void) | null = null;
  let nextId = 1;
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (m: Reply) => {
      if (m.ready) resolve();
      if (m.failed) reject(new Error(m.failed));
      if (m.ended) ended?.();
      if (m.id === undefined) return;
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error) w?.reject(new Error(m.error));
      else w?.resolve();
    });
    worker.on('error', reject);
  });
  return {
    publish: (topic, payload) => {
      const id = nextId++;
      const given = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const own =
        given.buffer instanceof ArrayBuffer && given.byteOffset === 0 && given.byteLength === given.buffer.byteLength;
      const bytes = own ? given : new Uint8Array(given);
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, topic, payload: bytes }, [bytes.buffer as ArrayBuffer]);
      });
    },
    end: async () => {
      await new Promise<void>((resolve) => {
        ended = resolve;
        worker.postMessage({ end: true });
      });
      await worker.terminate();
    },
  };
}
