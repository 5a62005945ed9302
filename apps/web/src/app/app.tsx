import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { currentLang } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { AppRoutes } from './routes';
import { ThemeFrame } from './theme-frame';

export function App() {
  useTranslation(); // re-render on language change
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeFrame lang={currentLang()}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ThemeFrame>
    </QueryClientProvider>
  );
}
