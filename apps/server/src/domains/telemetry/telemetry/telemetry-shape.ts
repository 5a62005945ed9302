import { MAX_SAMPLES_PER_MESSAGE, telemetryPayload } from '@ess/contract';

export type Sample = { ts: number; values: Record<string, unknown> };

/** Samples and the point codes each holds (what the caps are checked against). */
export type Samples = { ok: true; samples: Sample[]; codes: number[] };

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * The number of point codes of a sample, or -1 when it is not one. Never accepts what the
 * contract's schema refuses (see telemetry-shape.test.ts).
 */
function sampleCodes(x: unknown): number {
  if (!isRecord(x)) return -1;
  const { ts, values } = x;
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts <= 0 || !isRecord(values)) return -1;
  let n = 0;
  for (const code in values) {
    if (code.length === 0 || code.length > 64) return -1;
    n++;
  }
  return n;
}

function allSamples(json: unknown[]): number[] | null {
  const codes: number[] = [];
  for (const x of json) {
    const n = sampleCodes(x);
    if (n < 0) return null;
    codes.push(n);
  }
  return codes;
}

/**
 * A parsed telemetry payload as samples, per the contract's `telemetryPayload`. The common
 * valid case is checked directly (the zod parse costs more than the rest of the ingest per
 * message); anything else goes to the schema itself, which decides and explains.
 */
export function telemetrySamples(json: unknown): Samples | { ok: false; detail: string } {
  const one = sampleCodes(json);
  if (one >= 0) return { ok: true, samples: [json as Sample], codes: [one] };
  if (Array.isArray(json) && json.length >= 1 && json.length <= MAX_SAMPLES_PER_MESSAGE) {
    const codes = allSamples(json);
    if (codes) return { ok: true, samples: json as Sample[], codes };
  }
  let r: ReturnType<typeof telemetryPayload.safeParse>;
  try {
    r = telemetryPayload.safeParse(json);
  } catch (err) {
    // zod 4 throws on some objects (a "constructor": null key) instead of reporting them.
    return { ok: false, detail: `unreadable: ${(err as Error).message}` };
  }
  if (r.success) {
    const samples = Array.isArray(r.data) ? r.data : [r.data];
    return { ok: true, samples, codes: samples.map((s) => Object.keys(s.values).length) };
  }
  const issue = r.error.issues[0];
  return { ok: false, detail: issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid' };
}
