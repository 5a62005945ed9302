/** `into` (larger) holding `from`'s values first: a full column replaced by a longer one. */
export function grown<T extends Int32Array | Uint8Array | Float64Array>(from: T, into: T): T {
  into.set(from);
  return into;
}

/**
 * An array indexed by id long enough to hold `id`: `index` itself if it is, else a copy twice
 * as long (or just long enough), never longer than `cap` (callers keep ids from `cap` up elsewhere).
 */
export function indexHolding(index: Int32Array<ArrayBuffer>, id: number, cap: number): Int32Array<ArrayBuffer> {
  if (id < index.length) return index;
  return grown(index, new Int32Array(Math.min(cap, Math.max(id + 1, index.length * 2))));
}
