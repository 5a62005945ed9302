import type { Lang } from '@ess/contract';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentLang, setLanguage } from '@/lib/i18n';
import { useLang } from '@/lib/i18n/use-lang';
import { useForcedLanguage } from './use-forced-language';

/** Station → forceChinese. */
type Tree = Record<string, boolean>;
const TREE: Tree = { ningbo: true, suzhou: false };

/**
 * What the signed-in frame does: the station tree is a query keyed by language, and the forced
 * language is decided from the selected station in it (undefined while this language's tree loads).
 */
function Frame({ load, selected }: { load: (lang: Lang) => Promise<Tree>; selected: string }) {
  const lang = useLang();
  const tree = useQuery({ queryKey: ['stations', lang], queryFn: () => load(lang) });
  useForcedLanguage(tree.data ? (tree.data[selected] ?? false) : undefined, null);
  return <span data-testid="lang">{lang}</span>;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('useForcedLanguage', () => {
  let switches: string[];
  // A circuit breaker: a switching loop unmounts the frame, so the test fails instead of freezing.
  let breakLoop: () => void;
  const record = (lng: string) => {
    switches.push(lng);
    if (switches.length === 20) breakLoop();
  };

  beforeEach(async () => {
    await setLanguage('en_US', false);
    sessionStorage.clear();
    switches = [];
    breakLoop = () => {};
    i18next.on('languageChanged', record);
  });
  afterEach(async () => {
    i18next.off('languageChanged', record);
    await setLanguage('en_US', false);
  });

  it('switches to Chinese once for a forced station, while the Chinese tree still loads, and back on leaving it', async () => {
    // The English tree is in at once; the Chinese one only when released (a slow answer).
    let releaseChinese: () => void = () => {};
    const chinese = new Promise<void>((r) => {
      releaseChinese = r;
    });
    const load = async (lang: Lang): Promise<Tree> => {
      if (lang === 'zh_CN') await chinese;
      return TREE;
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(
      <QueryClientProvider client={client}>
        <Frame load={load} selected="ningbo" />
      </QueryClientProvider>,
    );
    breakLoop = view.unmount;
    await waitFor(() => expect(currentLang()).toBe('zh_CN'));
    // While the Chinese tree loads the station is unknown: no switch back to English.
    await pause(300);
    expect(switches).toEqual(['zh_CN']);
    releaseChinese();
    await pause(100);
    expect(switches).toEqual(['zh_CN']);
    expect(currentLang()).toBe('zh_CN');

    // Another station: the tab's language comes back (here the browser's, English), once.
    view.rerender(
      <QueryClientProvider client={client}>
        <Frame load={load} selected="suzhou" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('lang').textContent).toBe('en_US'));
    await pause(100);
    expect(switches).toEqual(['zh_CN', 'en_US']);
  });

  it("restores the tab's own choice when leaving a forced station", async () => {
    sessionStorage.setItem('ess.lang', 'ja_JP');
    const load = async (): Promise<Tree> => TREE;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(
      <QueryClientProvider client={client}>
        <Frame load={load} selected="ningbo" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('lang').textContent).toBe('zh_CN'));
    view.rerender(
      <QueryClientProvider client={client}>
        <Frame load={load} selected="suzhou" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('lang').textContent).toBe('ja_JP'));
    await pause(100);
    expect(switches).toEqual(['zh_CN', 'ja_JP']);
  });
});
