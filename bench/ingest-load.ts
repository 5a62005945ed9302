/**
 * Load generator of the ingest benchmark, run as its own process: simulated devices that
 * publish 50-point telemetry messages over MQTT 3.1.1 (QoS 1, mqtt-device.ts) and measure the
 * time to PUBACK.
 * Config comes in the JSON file named by the first argument; it prints {"ready":true}, starts on a "go" line on
 * stdin, and at the end writes every acknowledged sample time to `resultFile` and prints a
 * summary line.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { MqttDevice } from './mqtt-device';

export type LoadConfig = {
  url: string;
  stationCode: string;
  devices: { sn: string; password: string }[];
  codes: string[];
  seconds: number;
  /** Unacknowledged messages a device keeps in flight. */
  inflight: number;
  /** Messages a second per device; 0 = as fast as acknowledgements allow. */
  rate: number;
  resultFile: string;
};

export type LoadSummary = {
  sent: number;
  /** Acknowledged within the measured window. */
  ackedInWindow: number;
  acked: number;
  windowMs: number;
  p50AckMs: number;
  p99AckMs: number;
  maxAckMs: number;
  cpuMs: number;
};

type Device = {
  sn: string;
  client: MqttDevice;
  topic: string;
  outstanding: number;
  last: number;
  acked: number[];
  /** Open loop: messages this device may send now. */
  budget: number;
};

const config = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as LoadConfig;
const latencies: number[] = [];
let running = false;
let sent = 0;
let ackedInWindow = 0;
let acked = 0;

function payload(ts: number): string {
  let s = `{"ts":${ts},"values":{`;
  for (let i = 0; i < config.codes.length; i++) {
    s += `${i ? ',' : ''}"${config.codes[i]}":${(Math.random() * 2000 - 1000).toFixed(1)}`;
  }
  return `${s}}}`;
}

function publishOne(d: Device): void {
  // Unique, increasing sample times per device, close to real time.
  const ts = Math.max(Date.now(), d.last + 1);
  d.last = ts;
  d.outstanding++;
  sent++;
  const at = performance.now();
  d.client.publish(d.topic, payload(ts), (err) => {
    d.outstanding--;
    if (err) return;
    acked++;
    if (running) ackedInWindow++;
    latencies.push(performance.now() - at);
    d.acked.push(ts);
    if (running && config.rate === 0) publishOne(d);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function main(): Promise<void> {
  const devices: Device[] = [];
  for (let i = 0; i < config.devices.length; i += 50) {
    const group = await Promise.all(
      config.devices.slice(i, i + 50).map(async ({ sn, password }) => ({
        sn,
        client: await MqttDevice.connect(config.url, sn, sn, password),
        topic: `ess/${config.stationCode}/${sn}/telemetry`,
        outstanding: 0,
        last: 0,
        acked: [] as number[],
        budget: Math.random(),
      })),
    );
    devices.push(...group);
  }
  console.log(JSON.stringify({ ready: true }));
  const rl = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => rl.once('line', () => resolve()));

  const cpu0 = process.cpuUsage();
  running = true;
  const started = performance.now();
  let ticker: NodeJS.Timeout | null = null;
  if (config.rate === 0) {
    for (const d of devices) for (let k = 0; k < config.inflight; k++) publishOne(d);
  } else {
    // Open loop: each device's budget grows at `rate`, capped by its in-flight window (a
    // random start spreads a fleet's messages over the second).
    let prev = performance.now();
    ticker = setInterval(() => {
      const now = performance.now();
      const add = ((now - prev) / 1000) * config.rate;
      prev = now;
      for (const d of devices) {
        let b = d.budget + add;
        while (b >= 1 && d.outstanding < config.inflight) {
          publishOne(d);
          b--;
        }
        d.budget = Math.min(b, config.inflight);
      }
    }, 5);
  }
  await new Promise((r) => setTimeout(r, config.seconds * 1000));
  running = false;
  if (ticker) clearInterval(ticker);
  const windowMs = performance.now() - started;
  // Let what is in flight be acknowledged (it counts for loss, not for the rate).
  const drainUntil = Date.now() + 60_000;
  while (devices.some((d) => d.outstanding > 0) && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
  const cpu = process.cpuUsage(cpu0);
  await Promise.all(devices.map((d) => d.client.end()));

  writeFileSync(config.resultFile, JSON.stringify(Object.fromEntries(devices.map((d) => [d.sn, d.acked]))));
  latencies.sort((a, b) => a - b);
  const summary: LoadSummary = {
    sent,
    ackedInWindow,
    acked,
    windowMs,
    p50AckMs: percentile(latencies, 0.5),
    p99AckMs: percentile(latencies, 0.99),
    maxAckMs: latencies.at(-1) ?? 0,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
  console.log(JSON.stringify(summary));
  process.exit(0);
}

await main();
