/**
 * U+0000 and unpaired UTF-16 surrogates: PostgreSQL text cannot store them, and no name,
 * title or search a person types contains them. Requests holding them are refused as bad
 * input; device data holding them is quarantined with the characters replaced.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this finds.
export const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isSafeText = (s: string): boolean => !UNSAFE_TEXT.test(s);

/** The path of the first string or object key in `value` that is not safe text, or null. */
export function unsafeTextPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = unsafeTextPath(item, [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isSafeText(key)) return [...path, key];
      const found = unsafeTextPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
