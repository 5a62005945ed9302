import { STATION_LOGO_MAX_BYTES, type StationLogoType } from '@ess/contract';

const startsWith = (b: Buffer, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The image type of a logo, recognised by its first bytes only: PNG, JPEG or WebP. Anything
 * else (SVG, which can carry scripts, GIF, a renamed file) is null.
 */
export function logoType(b: Buffer): StationLogoType | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export type LogoCheck = { ok: true; type: StationLogoType; bytes: Buffer } | { ok: false; problem: 'size' | 'format' };

/** A base64 logo decoded and checked: at most STATION_LOGO_MAX_BYTES, one of the accepted types. */
export function checkLogo(base64: string): LogoCheck {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > STATION_LOGO_MAX_BYTES) return { ok: false, problem: 'size' };
  const type = logoType(bytes);
  return type ? { ok: true, type, bytes } : { ok: false, problem: 'format' };
}
