import { DEFAULT_LANG, type Lang } from '@ess/contract';
import { useEffect } from 'react';
import { initialLang, setLanguage } from '@/lib/i18n';
import { langStore } from '@/lib/storage';

/**
 * Spec 2: some stations force the Chinese interface. While one is selected the interface is
 * Chinese; leaving it restores the tab's own choice (or the user's preference).
 */
export function useForcedLanguage(forceChinese: boolean, preferred: Lang | null): void {
  useEffect(() => {
    if (forceChinese) void setLanguage(DEFAULT_LANG, false);
    else void setLanguage(langStore.get() ?? preferred ?? initialLang(), false);
  }, [forceChinese, preferred]);
}
