import type { Endpoint, EndpointData, EndpointInput, Lang } from '@ess/contract';
import { type QueryClient, queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useLang } from '../i18n/use-lang';
import { type CallArgs, type CallOptions, call } from './client';

/** Every server answer is cached under this root (removed as a whole when the session changes). */
export const API_KEY_ROOT = 'api';

/**
 * The cache key of a call: its entry, its input and the language its names come in (null for
 * an answer with no names in it, which a language switch must not refetch).
 */
export const endpointKey = <E extends Endpoint>(endpoint: E, input: EndpointInput<E>, lang: Lang | null) =>
  [API_KEY_ROOT, endpoint.method, endpoint.path, input ?? null, lang] as const;

/** The key prefix of every cached answer of one entry (to invalidate them all). */
export const endpointKeyPrefix = (endpoint: Endpoint) => [API_KEY_ROOT, endpoint.method, endpoint.path] as const;

/** Refetches every cached answer of these entries (what a write changed). */
export const refetchEndpoints = (qc: QueryClient, endpoints: readonly Endpoint[]): Promise<void> =>
  Promise.all(endpoints.map((e) => qc.invalidateQueries({ queryKey: endpointKeyPrefix(e) }))).then(() => undefined);

/** Query options of one call, for useQuery, fetchQuery and prefetchQuery. */
export const endpointQuery = <E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  lang: Lang | null,
  opts: CallOptions = {},
) =>
  queryOptions({
    queryKey: endpointKey(endpoint, input, lang),
    queryFn: ({ signal }) => call(endpoint, ...([input, { ...opts, signal }] as CallArgs<E>)),
  });

type QueryTuning<E extends Endpoint> = Omit<
  UseQueryOptions<EndpointData<E>, Error, EndpointData<E>, ReturnType<typeof endpointKey<E>>>,
  'queryKey' | 'queryFn' | 'enabled' | 'select'
> & { enabled?: boolean; call?: CallOptions };

/**
 * One call as a query in the interface language. `input` null: not asked yet (no station chosen,
 * no device picked); the query then waits instead of sending a placeholder.
 */
export function useEndpoint<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E> | null,
  tuning: QueryTuning<E> = {},
) {
  const lang = useLang();
  const { enabled = true, call: callOpts, ...rest } = tuning;
  return useQuery({
    ...endpointQuery(endpoint, (input ?? undefined) as EndpointInput<E>, lang, callOpts),
    ...rest,
    enabled: enabled && input !== null,
  });
}
