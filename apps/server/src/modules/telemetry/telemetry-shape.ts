import { telemetryPayload } from '@ess/contract';

export type Sample = { ts: number; values: Record<string, unknown> };

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Never accepts what the contract's schema refuses (see telemetry-shape.test.ts). */
function isSample(x: unknown): x is Sample {
  if (!isRecord(x)) return false;
  const { ts, values } = x;
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts <= 0 || !isRecord(values)) return false;
  for (const code in values) if (code.length === 0 || code.length > 64) return false;
  return true;
}

/**
 * A parsed telemetry payload as samples, per the contract's `telemetryPayload`. The common
 * valid case is checked directly (the zod parse costs more than the rest of the ingest per
 * message); anything else goes to the schema itself, which decides and explains.
 */
export function telemetrySamples(json: unknown): { ok: true; samples: Sample[] } | { ok: false; detail: string } {
  if (isSample(json)) return { ok: true, samples: [json] };
  if (Array.isArray(json) && json.length >= 1 && json.length <= 10_000 && json.every(isSample)) {
    return { ok: true, samples: json };
  }
  let r: ReturnType<typeof telemetryPayload.safeParse>;
  try {
    r = telemetryPayload.safeParse(json);
  } catch (err) {
    // zod 4 throws on some objects (a "constructor": null key) instead of reporting them.
    return { ok: false, detail: `unreadable: ${(err as Error).message}` };
  }
  if (r.success) return { ok: true, samples: Array.isArray(r.data) ? r.data : [r.data] };
  const issue = r.error.issues[0];
  return { ok: false, detail: issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid' };
}
