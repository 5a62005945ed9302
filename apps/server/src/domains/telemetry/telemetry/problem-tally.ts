import type { ParsedTopic } from '@ess/contract';
import { type QuarantineEntry, type QuarantineReason, quarantineEntry } from './quarantine';
import { NestedJson } from './sample-reader';

/** Problems of one reason that a row shows (detail and payload); the rest are counted. */
const EXAMPLES = 5;
const EXAMPLE_CHARS = 64;

/** Reasons about one sample (its time); the others are about one value. */
const SAMPLE_REASONS: ReadonlySet<QuarantineReason> = new Set(['future', 'tooOld']);

type Tally = {
  count: number;
  /** The first problem's point code and sample time: the row's columns. */
  code: string | null;
  ts: number;
  details: string[];
  values: Record<string, unknown>;
  times: number[];
};

const cut = (s: string): string => (s.length > EXAMPLE_CHARS ? `${s.slice(0, EXAMPLE_CHARS)}…` : s);

/** A value as a row shows it: numbers and literals as sent, text and structures cut short. */
function shown(value: unknown): unknown {
  if (typeof value === 'string') return cut(value);
  if (value instanceof NestedJson) return cut(value.text);
  if (value !== null && typeof value === 'object') return cut(JSON.stringify(value));
  return value;
}

/**
 * The refused values and samples of one message, per reason: each reason becomes one
 * quarantine row with the count and the first few problems, however many there were (one
 * row per bad value let one message write 650,000 rows).
 */
export class ProblemTally {
  /** Made at the first problem: most messages have none. */
  private tallies: Map<QuarantineReason, Tally> | null = null;

  /** Whether one more problem of `reason` would be shown (else it is only counted). */
  wants(reason: QuarantineReason): boolean {
    const t = this.tallies?.get(reason);
    return t === undefined || t.details.length < EXAMPLES;
  }

  /**
   * One refused value (`code` set) or sample (`code` null) of `reason`; `detail` says what was
   * wrong, null once `wants` said no.
   */
  add(reason: QuarantineReason, ts: number, code: string | null, value: unknown, detail: string | null): void {
    this.tallies ??= new Map();
    let t = this.tallies.get(reason);
    if (!t) {
      t = { count: 0, code, ts, details: [], values: Object.create(null), times: [] };
      this.tallies.set(reason, t);
    }
    t.count++;
    if (detail === null || t.details.length >= EXAMPLES) return;
    t.details.push(detail);
    if (code === null) t.times.push(ts);
    else t.values[code] = shown(value);
  }

  /** One row per reason met. */
  entries(topic: string, parsed: ParsedTopic): QuarantineEntry[] {
    if (!this.tallies) return [];
    return [...this.tallies].map(([reason, t]) => {
      const samples = SAMPLE_REASONS.has(reason);
      const more = t.count > t.details.length ? '; …' : '';
      const detail =
        t.count === 1
          ? (t.details[0] ?? '')
          : `${t.count} ${samples ? 'samples' : 'values'}: ${t.details.join('; ')}${more}`;
      const payload = samples ? { samples: t.count, sample: t.times } : { values: t.count, sample: t.values };
      return quarantineEntry({
        topic,
        stationCode: parsed.stationCode,
        sn: parsed.sn,
        pointCode: t.count === 1 ? t.code : null,
        ts: t.ts,
        reason,
        detail,
        payload: JSON.stringify(payload),
        count: t.count,
      });
    });
  }
}
