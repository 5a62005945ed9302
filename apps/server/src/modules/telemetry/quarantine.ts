import { UNSAFE_TEXT } from '@ess/contract';

/**
 * Why device data was not stored (docs/device-protocol.md "Validation and quarantine"). Every
 * rejected part of a message becomes one ts_quarantine row with one of these reasons.
 */
export const QUARANTINE_REASONS = [
  'malformedJson',
  'badShape',
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

export function quarantineEntry(e: QuarantineEntry): QuarantineEntry {
  return {
    ...e,
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
