/**
 * BENCH_SMOKE=1: every bench runs with tiny sizes for a few seconds and still prints its JSON,
 * so CI runs them all (smoke-all.ts) and none rots. Its figures mean nothing.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** The bench's real default, or its smoke size under BENCH_SMOKE=1. */
export const sized = (full: string, smoke: string): string => (SMOKE ? smoke : full);
