import type { ByteRange } from './file-storage';

/**
 * The one range of a `Range: bytes=…` header within a file of `size` bytes (RFC 9110 14.1.2):
 * `null` when the header is absent, malformed or asks for several ranges (the whole file is
 * sent then, as the RFC allows), 'unsatisfiable' when it starts past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  const [from, to] = [m[1] ?? '', m[2] ?? ''];
  if (from === '') {
    // The last `to` bytes.
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
