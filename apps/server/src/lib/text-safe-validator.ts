import { unsafeTextPath } from '@ess/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Message of the validation issue below; the error handler replaces it with a localized one. */
export const UNSAFE_TEXT_ISSUE = 'unsafeText';

/** Refuses NUL and unpaired surrogates in any string or key of the input, with the path. */
const safeTextInput = z.unknown().superRefine((value, ctx) => {
  const path = unsafeTextPath(value);
  if (path) ctx.addIssue({ code: 'custom', path, message: UNSAFE_TEXT_ISSUE, fatal: true });
});

/**
 * The zod validator of every route part (body, query, params, headers), with one rule for all
 * text fields in front of the route's own schema: input PostgreSQL could not store is a 400
 * naming the field, for every operation, including ones added later.
 */
export const textSafeValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler({ ...route, schema: safeTextInput.pipe(route.schema) });
