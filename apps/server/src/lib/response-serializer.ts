import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];
type Serialize = (data: unknown) => string;

/**
 * Fastify's serializer compiler for the routes' zod response schemas. Parsing every answer with
 * zod and then `JSON.stringify` took about a fifth of the server's CPU per call (issue 26); the
 * answer is written instead by a function fast-json-stringify compiles once per route from the
 * schema's JSON Schema, which keeps only the properties the schema names (`additionalProperties:
 * false`), as zod's parse did. A schema without a JSON Schema form keeps zod's path, and so does an
 * answer the compiled function refuses (a union member with keys its schema does not name).
 *
 * `verify` (the tests' apps): each answer is also written zod's way and the two must say the
 * same (key order aside: a schema built with `extend` lists its keys in another order), so an
 * answer the compiled function would coerce, or a schema it would read differently, fails its
 * test instead of reaching a user; an answer outside its schema still fails as a response
 * serialisation error (500), as before.
 */
export function compiledSerializerCompiler({ verify }: { verify: boolean }) {
  return (route: RouteSchema): Serialize => {
    const viaZod = zodSerializerCompiler(route) as Serialize;
    const compiled = compile(route.schema);
    if (!compiled) return viaZod;
    if (!verify) {
      return (data) => {
        try {
          return compiled(data);
        } catch {
          // Its validator picks a union's member strictly (no extra keys); zod strips and goes on.
          return viaZod(data);
        }
      };
    }
    return (data) => {
      const expected = viaZod(data);
      const written = compiled(data);
      // Most answers come out byte for byte the same; only the others are read back and compared.
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        const why = `${route.method} ${route.url}: the compiled answer differs from zod's:\n${written}\n${expected}`;
        // The tests' apps log nothing, and the failing test sees only a 500: say why where it runs.
        console.error(why);
        throw new Error(why);
      }
      return written;
    };
  };
}

/**
 * Compiled once per schema object and process: every app the tests build in one worker registers
 * the same schemas (lib/reply.ts keeps one envelope per answer's schema), and a compiled function
 * holds its own validators for the schema's unions.
 */
const compiledBySchema = new WeakMap<object, Serialize | null>();

function compile(schema: unknown): Serialize | null {
  if (!(schema instanceof z.ZodType)) return null;
  const known = compiledBySchema.get(schema);
  if (known !== undefined) return known;
  let compiled: Serialize | null = null;
  try {
    // Draft 7: its tuple form (`items` as a list) is the one fast-json-stringify's validator reads.
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    compiled = fastJson(json as Parameters<typeof fastJson>[0]);
  } catch {
    compiled = null;
  }
  compiledBySchema.set(schema, compiled);
  return compiled;
}
