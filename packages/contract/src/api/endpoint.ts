import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Marks a call whose answer is a file (spec 7 "Exports"), not the envelope of `data`. */
export const FILE = 'file' as const;

/**
 * Who may make a call. Public calls need no session; every other call needs one, plus:
 * one of `perms` (admin holds all), no writes from read-only accounts (`mutates`), no
 * personal changes from the shared demo account (`refuseDemo`). `station` names the input
 * field holding a station id: the server answers 404 before the handler runs when that
 * station is outside the caller's scope. `screen`: a read a large-screen window makes (a
 * session opened with a one-time screen token may make these calls and no other).
 */
export type Access =
  | { readonly public: true }
  | {
      readonly public?: false;
      readonly perms?: readonly string[];
      readonly mutates?: boolean;
      readonly refuseDemo?: boolean;
      readonly station?: string;
      readonly screen?: true;
    };

/**
 * One API call: the single description the server registers (handler types, validation,
 * access guard, OpenAPI) and the web calls (path, input and answer types, query keys). At most
 * one input part: path parameters, query string or JSON body.
 */
export type Endpoint = {
  readonly method: HttpMethod;
  /** Under `/api`; `:name` for a path parameter. */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * A streamed multipart upload instead of a JSON body: the schema of its text fields, sent
   * before the one file part (`file`). The server registers it with `uploadRoute`.
   */
  readonly upload?: z.ZodType;
  /** Schema of the success envelope's `data`, or FILE for a download. */
  readonly response: z.ZodType | typeof FILE;
  readonly access: Access;
  readonly summary: string;
  /** OpenAPI tag; set by `endpointGroup`. */
  readonly tag: string;
  /** Answers besides 200 and 400/401/403/404/429 that a client should expect (e.g. 409). */
  readonly errors?: readonly number[];
  /** How long the client waits (default REQUEST_TIMEOUT_MS; history calls HISTORY_TIMEOUT_MS). */
  readonly timeoutMs?: number;
};

type Draft = Omit<Endpoint, 'tag'>;

/** A group of calls under one OpenAPI tag; each entry keeps its literal types. */
export function endpointGroup<const G extends Record<string, Draft>>(
  tag: string,
  group: G,
): { readonly [K in keyof G]: G[K] & { readonly tag: string } } {
  return Object.fromEntries(Object.entries(group).map(([k, e]) => [k, { ...e, tag }])) as {
    readonly [K in keyof G]: G[K] & { readonly tag: string };
  };
}

/** The schema of the endpoint's one input part, and which part it is. */
export function inputPart(e: Endpoint): { part: 'params' | 'query' | 'body'; schema: z.ZodType } | null {
  if (e.params) return { part: 'params', schema: e.params };
  if (e.query) return { part: 'query', schema: e.query };
  if (e.body) return { part: 'body', schema: e.body };
  return null;
}

type Part<E, K extends 'params' | 'query' | 'body'> = E extends { readonly [P in K]: infer S extends z.ZodType }
  ? S
  : never;
type InputSchema<E extends Endpoint> = [Part<E, 'params'>] extends [never]
  ? [Part<E, 'query'>] extends [never]
    ? Part<E, 'body'>
    : Part<E, 'query'>
  : Part<E, 'params'>;

/** What the caller gives (the input part before parsing: defaults may be left out). */
export type EndpointInput<E extends Endpoint> = [InputSchema<E>] extends [never] ? undefined : z.input<InputSchema<E>>;
/** What the handler receives (the input part after parsing). */
export type EndpointParsed<E extends Endpoint> = [InputSchema<E>] extends [never]
  ? undefined
  : z.output<InputSchema<E>>;
/** `data` of the success envelope (void for a download). */
export type EndpointData<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : undefined;

/** The text fields of an upload call, as the handler receives them. */
export type UploadFields<E extends Endpoint> = E['upload'] extends z.ZodType ? z.output<E['upload']> : never;

/** The path with its `:name` parameters filled in (URL-encoded). */
export function endpointPath(e: Endpoint, params?: Record<string, unknown>): string {
  return e.path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

/** The permissions `<Permission>` and the server check for a call: none for public calls. */
export const endpointPerms = (e: Endpoint): readonly string[] =>
  'perms' in e.access && e.access.perms ? e.access.perms : [];
