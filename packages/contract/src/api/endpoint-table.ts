import type { Endpoint } from './endpoint';

/** A group of entries by name, as `endpointGroup` makes it. */
export type EndpointGroupOf = { readonly [name: string]: Endpoint };

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The groups' entries in one object, each entry keeping its literal type. */
export type EndpointTable<Gs extends readonly EndpointGroupOf[]> = {
  readonly [K in keyof Intersection<Gs[number]>]: Intersection<Gs[number]>[K];
};

/** Names two groups share, checked group by group (never when every name is unique). */
type SharedNames<Gs extends readonly EndpointGroupOf[], Seen extends PropertyKey = never> = Gs extends readonly [
  infer G extends EndpointGroupOf,
  ...infer Rest extends readonly EndpointGroupOf[],
]
  ? (keyof G & Seen) | SharedNames<Rest, Seen | keyof G>
  : never;

/** A clash of names is a type error at the call too, naming the entries. */
type UniqueNames<Gs extends readonly EndpointGroupOf[]> = [SharedNames<Gs>] extends [never]
  ? unknown
  : { readonly duplicateEndpointNames: SharedNames<Gs> };

/** Fastify routes `/a/:id` and `/a/:name` alike: compare paths with their parameters unnamed. */
const routeKey = (e: Endpoint): string => `${e.method} ${e.path.replace(/:[A-Za-z]\w*/g, ':')}`;
const entryText = (name: string, e: Endpoint): string => `"${name}" (${e.tag}: ${e.method} ${e.path})`;

/**
 * The endpoint table from its groups. Spreading groups into one object let a later entry
 * silently replace an earlier one of the same name (issue 22: a command's cancel and its
 * detail were lost, so never logged nor tested); this throws when the module loads on a
 * duplicate name or a duplicate method and path, naming both entries.
 */
export function defineEndpointTable<const Gs extends readonly EndpointGroupOf[]>(
  ...groups: Gs & UniqueNames<Gs>
): EndpointTable<Gs> {
  const table: Record<string, Endpoint> = {};
  const byRoute = new Map<string, string>();
  for (const group of groups) {
    for (const [name, e] of Object.entries(group)) {
      const named = table[name];
      if (named) throw new Error(`endpoint table: duplicate name ${entryText(name, named)} and ${entryText(name, e)}`);
      const key = routeKey(e);
      const routed = byRoute.get(key);
      const other = routed === undefined ? undefined : table[routed];
      if (routed !== undefined && other) {
        throw new Error(`endpoint table: duplicate call ${entryText(routed, other)} and ${entryText(name, e)}`);
      }
      table[name] = e;
      byRoute.set(key, name);
    }
  }
  // The loop checked every name is new, so the object holds exactly the groups' entries.
  return table as EndpointTable<Gs>;
}
