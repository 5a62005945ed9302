import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userThemeQuery } from '@/lib/session/api/user-theme';
import { useTheme } from '@/lib/theme/theme-store';

/** After sign-in the user's saved theme (spec 7 theme calls) replaces the locally remembered one. */
export function useThemeSync(userId: number): void {
  const { data } = useQuery(userThemeQuery(userId));
  const replace = useTheme((s) => s.replace);
  useEffect(() => {
    if (data) replace(data.config);
  }, [data, replace]);
}
