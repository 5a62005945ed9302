import { DEFAULT_LANG, type Lang } from '@ess/contract';
import { useEffect } from 'react';
import { currentLang, initialLang, setLanguage } from '@/lib/i18n';
import { langStore } from '@/lib/storage';

/**
 * Spec 2: some stations force the Chinese interface. While one is selected the interface is
 * Chinese; leaving it restores the tab's own choice (or the user's preference).
 *
 * `forceChinese` is `undefined` while it is not known: the station tree is keyed by language, so
 * right after a switch the new language's tree is still loading. Nothing is decided then; taking
 * "unknown" for "not forced" switched back to the user's language, whose cached tree said
 * "forced" again, and the two switches chased each other for ever (a frozen tab, a new socket
 * per switch).
 */
export function useForcedLanguage(forceChinese: boolean | undefined, preferred: Lang | null): void {
  const target: Lang | null =
    forceChinese === undefined ? null : forceChinese ? DEFAULT_LANG : (langStore.get() ?? preferred ?? initialLang());
  useEffect(() => {
    if (target !== null && target !== currentLang()) void setLanguage(target, false);
  }, [target]);
}
