import { type ThemeConfig, userThemeResult } from '@ess/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { sessionKeys } from '../keys';

export const getUserTheme = (userId: number) =>
  request(`/sys/user/getUserTheme/${userId}`, { schema: userThemeResult, silent: true });

export const userThemeQuery = (userId: number) =>
  queryOptions({ queryKey: sessionKeys.theme(userId), queryFn: () => getUserTheme(userId), staleTime: 600_000 });

export const saveUserTheme = (config: ThemeConfig) =>
  request('/sys/user/addUserTheme', { body: config, schema: userThemeResult });

export function useSaveUserTheme() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveUserTheme,
    onSuccess: (saved) => qc.setQueryData(sessionKeys.theme(saved.userId), saved),
  });
}
