/** When this page last reloaded itself because its code could not be loaded. */
const RELOADED_AT_KEY = 'ess.chunkReloadAt';
/** One reload per minute at most: a second failure is shown, not reloaded again. */
const RELOAD_GAP_MS = 60_000;

/** A page's code could not be loaded even after a fresh reload. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ChunkLoadError';
  }
}

/** What browsers throw when a dynamic import fails (Chromium, Firefox, Safari wordings). */
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported/i;

export const isChunkLoadError = (e: unknown): boolean =>
  e instanceof ChunkLoadError || (e instanceof Error && CHUNK_FAILURE.test(e.message));

/**
 * Loads code on demand. A failure usually means a deploy replaced the files this page was built
 * with: the page reloads once to get the new ones; failing again within a minute, it throws a
 * ChunkLoadError that the error boundary explains.
 */
export function loadChunk<M>(load: () => Promise<M>): Promise<M> {
  return load().catch((err: unknown) => {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - last > RELOAD_GAP_MS) {
      sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
      window.location.reload();
      // The page goes away; nothing renders meanwhile.
      return new Promise<M>(() => {});
    }
    throw new ChunkLoadError(err);
  });
}
