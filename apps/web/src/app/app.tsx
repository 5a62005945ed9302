import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ConfigProviderProps, message, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { installNotifier } from '@/lib/api/notifier';
import { useMediaQuery } from '@/lib/hooks/use-media-query';
import { antdLocale, currentLang } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useTheme } from '@/lib/theme/theme-store';
import { AppRoutes } from './routes';

/**
 * Lets the API client (outside React) show antd toasts that follow the theme, and gives the
 * app antd's base text style. The app uses only antd's message API, so this stands in for
 * antd's `<App>`, which would also put Modal and notification in the entry chunk.
 */
function AppFrame({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage();
  const { token } = theme.useToken();
  useEffect(() => {
    installNotifier({
      warning: (text, seconds) => void api.warning(text, seconds),
      error: (text, seconds) => void api.error(text, seconds),
      success: (text, seconds) => void api.success(text, seconds),
    });
    return () => installNotifier(null);
  }, [api]);
  return (
    <div
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {holder}
      {children}
    </div>
  );
}

/**
 * Every table as wide as its content needs, scrolling inside its card when that is wider: no
 * figure wraps or is cut, and the page itself never scrolls sideways (issue 21). The last
 * column, with the row's actions, stays in view (styles/global.css).
 */
const TABLE: ConfigProviderProps['table'] = { scroll: { x: 'max-content' } };

export function App() {
  useTranslation(); // re-render on language change
  const lang = currentLang();
  const colorPrimary = useTheme((s) => s.config.theme);
  // The operating system's "reduce motion": dialogs, drawers and menus open without animation
  // (the energy flow and device widgets stop theirs too), for users who need it and for slow PCs.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={antdLocale(lang)}
        componentSize="small"
        theme={{ token: { colorPrimary, motion: !reducedMotion } }}
        table={TABLE}
      >
        <AppFrame>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppFrame>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
