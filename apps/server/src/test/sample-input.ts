import { z } from 'zod';

/** The JSON Schema fields the sampler reads (zod's `toJSONSchema` output). */
type Json = {
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json | Json[];
  prefixItems?: Json[];
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Json[];
  oneOf?: Json[];
  allOf?: Json[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  $ref?: string;
  $defs?: Record<string, Json>;
};

/** Texts tried, in order, against a string's pattern. */
const PATTERN_CANDIDATES = [
  'matrix',
  '2026-01-01',
  '2026-01',
  '2026-01-01 00:00:00',
  '00:00',
  '00:00:00',
  '13800138000',
  'm1',
  'A',
  '1',
  'matrix@example.com',
  'https://example.com',
  'Asia/Shanghai',
];
/** Ids that name nothing, so a call that gets through changes nothing that exists. */
export const MISSING_ID = 987_654_321;

function sampleString(s: Json, key: string): string {
  if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (s.format === 'date') return '2026-01-01';
  if (s.format === 'email') return 'matrix@example.com';
  if (s.format === 'uri' || s.format === 'url') return 'https://example.com';
  const fits = (v: string) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Number.POSITIVE_INFINITY);
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    const hit = PATTERN_CANDIDATES.find((v) => re.test(v) && fits(v));
    if (hit !== undefined) return hit;
  }
  if (/zone/i.test(key)) return 'Asia/Shanghai';
  const base = `matrix-${key}`.slice(0, s.maxLength ?? 64);
  return base.padEnd(s.minLength ?? 0, 'x');
}

function sampleNumber(s: Json, key: string, integer: boolean): number {
  const min = s.minimum ?? (s.exclusiveMinimum === undefined ? undefined : s.exclusiveMinimum + (integer ? 1 : 0.5));
  const max = s.maximum ?? (s.exclusiveMaximum === undefined ? undefined : s.exclusiveMaximum - (integer ? 1 : 0.5));
  const wanted = /id$/i.test(key) ? MISSING_ID : 1;
  return Math.min(Math.max(wanted, min ?? wanted), max ?? wanted);
}

function sample(s: Json, key: string, root: Json, depth: number): unknown {
  if (depth > 8) return null;
  if (s.$ref) {
    const name = s.$ref.split('/').at(-1) ?? '';
    const target = root.$defs?.[name];
    return target ? sample(target, key, root, depth + 1) : null;
  }
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const options = s.anyOf ?? s.oneOf;
  if (options) {
    const [first] = options.filter((o) => o.type !== 'null');
    return first ? sample(first, key, root, depth + 1) : null;
  }
  if (s.allOf?.[0]) return sample(s.allOf[0], key, root, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of s.required ?? []) {
        const p = s.properties?.[k];
        if (p) out[k] = sample(p, k, root, depth + 1);
      }
      return out;
    }
    case 'array': {
      if (s.prefixItems) return s.prefixItems.map((p) => sample(p, key, root, depth + 1));
      const item = Array.isArray(s.items) ? s.items[0] : s.items;
      const n = s.minItems ?? 0;
      return item ? Array.from({ length: n }, () => sample(item, key, root, depth + 1)) : [];
    }
    case 'integer':
      return sampleNumber(s, key, true);
    case 'number':
      return sampleNumber(s, key, false);
    case 'boolean':
      return false;
    case 'string':
      return sampleString(s, key);
    case 'null':
      return null;
    default:
      return {};
  }
}

/**
 * A minimal input an entry's schema is likely to accept: required fields only, defaults and
 * first enum values, ids that name nothing. Good enough to pass validation for most calls; a
 * call it cannot satisfy answers 400, which the matrix reports where it matters.
 */
export function sampleInput(schema: z.ZodType): unknown {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return sample(json, '', json, 0);
}
