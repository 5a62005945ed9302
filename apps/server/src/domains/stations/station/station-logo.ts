import { STATION_LOGO_MAX_BYTES, type StationLogoType, stationLogoType } from '@ess/contract';

export type LogoCheck = { ok: true; type: StationLogoType; bytes: Buffer } | { ok: false; problem: 'size' | 'format' };

/**
 * A base64 logo decoded and checked: at most STATION_LOGO_MAX_BYTES, and PNG, JPEG or WebP by
 * its first bytes (never by a name or a declared type).
 */
export function checkLogo(base64: string): LogoCheck {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > STATION_LOGO_MAX_BYTES) return { ok: false, problem: 'size' };
  const type = stationLogoType(bytes);
  return type ? { ok: true, type, bytes } : { ok: false, problem: 'format' };
}
