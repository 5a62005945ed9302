import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { APP_LOCALES } from '@/app/locales';
import { resetClientErrorReporting } from '@/lib/errors/report-client-error';
import { initI18n } from '@/lib/i18n';
import { apiServer, baselineHandlers } from './api-server';
import { installCanvasContext } from './canvas-context';

// antd reads matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

// antd's tables, tabs, menus and selects measure themselves; jsdom has no ResizeObserver.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

installCanvasContext(window);

// `findBy…` and `waitFor` without a timeout of their own wait up to 5 s, not the library's 1 s:
// under `npm test` both cores are busy and a page's first render alone can take a second. A
// passing wait returns as soon as it holds, so only a failure takes longer to report.
configure({ asyncUtilTimeout: 5_000 });

// Files may share a worker's window (vitest.config.ts): each starts with nothing remembered.
localStorage.clear();
sessionStorage.clear();

initI18n(APP_LOCALES, 'en_US');

// Page tests answer calls through the contract's table (test/api-server.ts); an unanswered call
// fails the test that made it.
const unanswered: string[] = [];
beforeAll(() => {
  apiServer.use(...baselineHandlers());
  apiServer.listen({
    onUnhandledRequest: (request) => {
      const { pathname } = new URL(request.url);
      if (pathname.startsWith('/api/')) unanswered.push(`${request.method} ${pathname}`);
    },
  });
});
afterEach(() => {
  cleanup();
  resetClientErrorReporting();
  apiServer.resetHandlers(...baselineHandlers());
  apiServer.events.removeAllListeners();
  const calls = unanswered.splice(0);
  if (calls.length > 0) throw new Error(`calls without a handler: ${[...new Set(calls)].join(', ')}`);
});
afterAll(() => apiServer.close());
