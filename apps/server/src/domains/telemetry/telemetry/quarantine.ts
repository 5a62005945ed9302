import { UNSAFE_TEXT } from '@ess/contract';

/**
 * Why device data was not stored (docs/device-protocol.md "Validation and quarantine"). A
 * message becomes at most one ts_quarantine row per reason: the whole message when it is
 * refused, else its values (or samples) of that reason, counted, with a few of them.
 */
export const QUARANTINE_REASONS = [
  'malformedJson',
  'badShape',
  'tooManyPoints',
  'badTopic',
  'unknownStation',
  'unknownDevice',
  'wrongStation',
  'unknownPoint',
  'notANumber',
  'outOfRange',
  'future',
  'tooOld',
  'badStatus',
  'badCommandAck',
] as const;
export type QuarantineReason = (typeof QUARANTINE_REASONS)[number];

export type QuarantineEntry = {
  topic: string;
  stationCode: string | null;
  sn: string | null;
  pointCode: string | null;
  /** Epoch ms of the sample, when the message had a usable one. */
  ts: number | null;
  reason: QuarantineReason;
  detail: string;
  payload: string;
  /**
   * What the row stands for in the reason's unit — 1 for a refused message, else the samples
   * (`future`, `tooOld`) or values of the reason: what `ess_ingest_quarantined_total` adds.
   * Not a column: the row's detail and payload say it.
   */
  count: number;
};

const MAX_PAYLOAD = 4096;
const MAX_DETAIL = 500;
/** Timestamps outside this range are kept in the payload only (the column could not hold them). */
const TS_MIN = Date.UTC(1970, 0, 1);
const TS_MAX = Date.UTC(2200, 0, 1);

/** Unpaired surrogates and NUL: PostgreSQL text cannot hold them, and the entry must still be written. */
const UNSAFE = new RegExp(UNSAFE_TEXT.source, 'g');

const clean = (s: string, max: number): string => {
  const cut = s.length > max ? `${s.slice(0, max)}…` : s;
  return cut.replace(UNSAFE, '\uFFFD');
};

/**
 * A payload as a row keeps it: its beginning only, decoded from as many bytes as that can
 * take (a 7 MB payload is never turned into text whole for 4 KB of it).
 */
export const payloadText = (payload: Buffer): string =>
  payload.toString('utf8', 0, Math.min(payload.length, MAX_PAYLOAD * 4));

export function quarantineEntry(e: Omit<QuarantineEntry, 'count'> & { count?: number }): QuarantineEntry {
  return {
    ...e,
    count: e.count ?? 1,
    topic: clean(e.topic, 256),
    stationCode: e.stationCode === null ? null : clean(e.stationCode, 64),
    sn: e.sn === null ? null : clean(e.sn, 64),
    pointCode: e.pointCode === null ? null : clean(e.pointCode, 64),
    ts: e.ts !== null && Number.isFinite(e.ts) && e.ts >= TS_MIN && e.ts < TS_MAX ? e.ts : null,
    detail: clean(e.detail, MAX_DETAIL),
    payload: clean(e.payload, MAX_PAYLOAD),
  };
}

export const emptyReasonCounts = (): Record<QuarantineReason, number> =>
  Object.fromEntries(QUARANTINE_REASONS.map((r) => [r, 0])) as Record<QuarantineReason, number>;
