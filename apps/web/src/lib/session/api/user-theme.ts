import { type ThemeConfig, themeApi } from '@ess/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { endpointKey, endpointQuery } from '../../api/endpoint-query';

/** A user's theme (not localized); silent: the default theme stays on failure. */
export const userThemeQuery = (userId: number) => ({
  ...endpointQuery(themeApi.userTheme, { id: userId }, null, { silent: true }),
  staleTime: 600_000,
});

export function useSaveUserTheme() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (config: ThemeConfig) => call(themeApi.addUserTheme, config),
    onSuccess: (saved) => qc.setQueryData(endpointKey(themeApi.userTheme, { id: saved.userId }, null), saved),
  });
}
