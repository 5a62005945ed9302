import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadChunk } from './chunk-load';

const failedImport = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/page-1.js'));

describe('loading code on demand', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('reloads the page once when a chunk fails, then shows the failure instead of reloading again', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const first = loadChunk(failedImport);
    let settled = false;
    void first.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
    // The reloaded page fails again at once: no second reload, an error to show.
    await expect(loadChunk(failedImport)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again after a minute, and passes a loaded module through', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    void loadChunk(failedImport);
    await Promise.resolve();
    await Promise.resolve();
    vi.setSystemTime(Date.now() + 61_000);
    void loadChunk(failedImport);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
    await expect(loadChunk(() => Promise.resolve({ Page: 1 }))).resolves.toEqual({ Page: 1 });
  });

  it('recognises what browsers throw for a failed dynamic import', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError('x'))).toBe(true);
    expect(isChunkLoadError(new TypeError('x is undefined'))).toBe(false);
  });
});
