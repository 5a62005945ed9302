import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { installNotifier } from '@/lib/api/notifier';
import { ANTD_LOCALES, currentLang } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useTheme } from '@/lib/theme/theme-store';
import { AppRoutes } from './routes';

/** Lets the API client (outside React) show antd toasts that follow the theme. */
function NotifierBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    installNotifier({
      warning: (text, seconds) => void message.warning(text, seconds),
      error: (text, seconds) => void message.error(text, seconds),
      success: (text, seconds) => void message.success(text, seconds),
    });
    return () => installNotifier(null);
  }, [message]);
  return null;
}

export function App() {
  useTranslation(); // re-render on language change
  const lang = currentLang();
  const colorPrimary = useTheme((s) => s.config.theme);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[lang]} componentSize="small" theme={{ token: { colorPrimary } }}>
        <AntApp>
          <NotifierBridge />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
