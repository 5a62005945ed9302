import { z } from 'zod';
import { type TimeShape, timeSchemas } from './time-schema';

/**
 * A field of an input schema that is a time: one of the shared time schemas (`shape`), or a
 * number or text whose name says it is a time (`shape` null: it should be one of them).
 * `path` leads to it; an array's element is `0`.
 */
export type TimeField = { path: (string | number)[]; shape: TimeShape | null; schema: z.ZodType };

/** Names of time fields: `from`, `date`, `ts`…, and camelCase ones ending in `At`, `Time`, `Date`, `From`, `On`… */
const TIME_NAME =
  /^(from|to|date|time|ts|start|end|since|until|day|month)$|[a-z](At|Time|Date|Ts|From|To|On|Start|End|Day|Month)$/;

/** The schema under optional, nullable, default, readonly and transform wrappers. */
function unwrap(s: z.ZodType): z.ZodType {
  for (let c = s; ; ) {
    if (
      c instanceof z.ZodOptional ||
      c instanceof z.ZodNullable ||
      c instanceof z.ZodDefault ||
      c instanceof z.ZodPrefault ||
      c instanceof z.ZodReadonly ||
      c instanceof z.ZodNonOptional ||
      c instanceof z.ZodCatch
    ) {
      c = c.unwrap() as z.ZodType;
    } else if (c instanceof z.ZodPipe) {
      c = c.in as z.ZodType;
    } else if (c instanceof z.ZodLazy) {
      c = c.unwrap() as z.ZodType;
    } else return c;
  }
}

function walk(s: z.ZodType, path: (string | number)[], name: string | null, out: TimeField[], depth: number): void {
  if (depth > 16) return;
  const inner = unwrap(s);
  const shape = timeSchemas.get(inner)?.time ?? null;
  const leaf = inner.def.type === 'number' || inner.def.type === 'string';
  if (shape || (leaf && name !== null && TIME_NAME.test(name))) {
    out.push({ path, shape, schema: inner });
    return;
  }
  if (inner instanceof z.ZodObject) {
    for (const [key, field] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
      walk(field, [...path, key], key, out, depth + 1);
    }
  } else if (inner instanceof z.ZodArray) {
    walk(inner.element as z.ZodType, [...path, 0], name, out, depth + 1);
  } else if (inner instanceof z.ZodUnion) {
    for (const option of inner.options as z.ZodType[]) walk(option, path, name, out, depth + 1);
  } else if (inner instanceof z.ZodIntersection) {
    walk(inner.def.left as z.ZodType, path, name, out, depth + 1);
    walk(inner.def.right as z.ZodType, path, name, out, depth + 1);
  } else if (inner instanceof z.ZodRecord) {
    walk(inner.def.valueType as z.ZodType, path, null, out, depth + 1);
  }
}

/** The time fields of an input schema (the endpoint table's inputs: a test holds them to the shared schemas). */
export function timeFields(schema: z.ZodType): TimeField[] {
  const out: TimeField[] = [];
  walk(schema, [], null, out, 0);
  // A union lists a field once per option that has it.
  const seen = new Set<string>();
  return out.filter((f) => {
    const key = f.path.join('.');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
