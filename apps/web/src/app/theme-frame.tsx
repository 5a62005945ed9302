import type { Lang } from '@ess/contract';
import { ConfigProvider, type ConfigProviderProps, message, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { installNotifier } from '@/lib/api/notifier';
import { useMediaQuery } from '@/lib/hooks/use-media-query';
import { antdLocale } from '@/lib/i18n';
import { useTheme } from '@/lib/theme/theme-store';

/**
 * antd writes its theme tokens as CSS variables (`--ant-color-primary` …) under this class, and
 * only its own components carry it; the app's frame carries it too, so the app's own styles
 * (the side menu, the tabs, the navbar) follow the user's theme colour like antd's controls.
 */
export const THEME_CSS_CLASS = 'ess-theme';

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
      className={THEME_CSS_CLASS}
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

/** antd's language, the user's theme colour and motion preference, around the whole app. */
export function ThemeFrame({ lang, children }: { lang: Lang; children: ReactNode }) {
  const colorPrimary = useTheme((s) => s.config.theme);
  // The operating system's "reduce motion": dialogs, drawers and menus open without animation
  // (the energy flow and device widgets stop theirs too), for users who need it and for slow PCs.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    <ConfigProvider
      locale={antdLocale(lang)}
      componentSize="small"
      theme={{ token: { colorPrimary, motion: !reducedMotion }, cssVar: { key: THEME_CSS_CLASS } }}
      table={TABLE}
    >
      <AppFrame>{children}</AppFrame>
    </ConfigProvider>
  );
}
