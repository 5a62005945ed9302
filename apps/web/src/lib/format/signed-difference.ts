import { formatNumber, type Lang } from '@ess/contract';

/** Which way a difference goes once rounded to what the screen shows: none is neither gain nor loss. */
export type DifferenceTone = 'up' | 'down' | 'zero';
export type SignedDifference = { text: string; tone: DifferenceTone };

/**
 * A signed difference as shown (uplift, deviation): "+1.2 %", "-0.4 %", and "0.0 %" — with no
 * sign and a neutral tone — whenever it rounds to zero at the shown decimals, so a "−0.0 %" in
 * red never claims a loss that is not there. Null and non-finite values show as "-".
 */
export function signedDifference(
  value: number | null | undefined,
  lang: Lang,
  decimals = 1,
  unit = '',
): SignedDifference {
  if (value === null || value === undefined || !Number.isFinite(value)) return { text: '-', tone: 'zero' };
  const scale = 10 ** decimals;
  const rounded = Math.round(Math.abs(value) * scale) / scale;
  const tone: DifferenceTone = rounded === 0 ? 'zero' : value > 0 ? 'up' : 'down';
  const sign = tone === 'up' ? '+' : tone === 'down' ? '-' : '';
  const number = `${sign}${formatNumber(rounded, decimals, lang)}`;
  return { text: unit ? `${number} ${unit}` : number, tone };
}
