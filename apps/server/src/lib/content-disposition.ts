/**
 * A file name safe in a Content-Disposition header (RFC 6266): an ASCII fallback without quotes,
 * backslashes, percent signs or semicolons, plus the UTF-8 original. One rule for exports and
 * stored files.
 */
export function attachmentDisposition(name: string): string {
  const plain = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_').trim() || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${plain}"; filename*=UTF-8''${encoded}`;
}
