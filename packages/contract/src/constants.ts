/** Business constants and limits of spec section 9. */
export const THEME_COLOR_DEFAULT = '#0094ff';
export const PAGE_TITLE_KEY = 'app.title';
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 18;
export const NUMBER_MIN = -99_999_999;
export const NUMBER_MAX = 99_999_999;
export const POSITIVE_INT_MAX = 200_000_000;
export const REMOTE_CONTROL_MIN = -65_535;
export const REMOTE_CONTROL_MAX = 65_535;
export const MAX_INDICATORS = 50;
export const MAX_RADIO_VALUES = 3;
export const SETTLEMENT_RATIO_MIN = 0;
export const SETTLEMENT_RATIO_MAX = 100;
export const REMOTE_FILE_MAX_BYTES = 50 * 1024 * 1024;
export const TASK_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const TASK_ATTACHMENT_MAX_FILES = 10;
export const POLL_MESSAGES_MS = 60_000;
export const POLL_ALARM_COUNT_MS = 60_000;
export const VERSION_CHECK_MS = 1_800_000;
export const REQUEST_TIMEOUT_MS = 10_000;
export const HISTORY_TIMEOUT_MS = 600_000;
export const TOAST_SECONDS = 2;
export const LOGOUT_AFTER_PASSWORD_CHANGE_MS = 1_000;
export const SIDEBAR_WIDTH = 220;
export const MOBILE_BREAKPOINT = 1024;
export const TAG_MENU_WIDTH = 105;
export const STORED_VERSION_DEFAULT = '4.3.4';
export const DEFAULT_SENS_TYPE = 2;
/** Station 720 skips the menu permission lookup for configuration dialogs (spec 6). */
export const STATION_SKIP_PERMISSION = 720;
/** Routes that open in a new window on the visualisation host. */
export const SCREEN_ROUTES = ['/screen', '/new-screen', '/common-screen'] as const;
export const SCREEN_FROM_VALUES = ['screen', 'new-screen', 'common-screen'] as const;
export type ScreenFrom = (typeof SCREEN_FROM_VALUES)[number];
/** `from` query values that sign in with the built-in screen account (spec 2). */
export const isScreenFrom = (v: string | null | undefined): v is ScreenFrom =>
  typeof v === 'string' && (SCREEN_FROM_VALUES as readonly string[]).includes(v);
/** Landing page after sign-in. */
export const HOME_PATH = '/surveillance/site-homepage';
/**
 * Pages a large-screen window (a session opened with a one-time screen token) is offered: every
 * call they make is an `access.screen` entry of the endpoint table.
 */
export const SCREEN_WINDOW_PAGES = [HOME_PATH, '/surveillance/site-overview'] as const;
