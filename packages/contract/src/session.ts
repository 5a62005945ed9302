import { z } from 'zod';
import { THEME_COLOR_DEFAULT } from './constants';
import { LANGS } from './i18n';
import { rowId } from './ids';
import { isTimeZone } from './local-time';

const base64 = z
  .string()
  .trim()
  .min(1)
  .max(4096)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64');

/**
 * The login key pair rotates: seal with `publicKey` within `expiresInMs`, then fetch again. A
 * body sealed with it is accepted a few minutes longer, and never after 14 minutes.
 */
export const publicKeyResult = z.object({ publicKey: z.string(), expiresInMs: z.number().int().nonnegative() });

export const loginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: base64,
  type: z.literal('pc'),
  aesKey: base64,
  iv: base64,
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResult = z.object({ accessToken: z.string(), expiresAt: z.number().int() });

/** A sealed secret as sent by the client (see secret-cipher.ts). */
export const sealedSecret = z.object({ cipher: base64, aesKey: base64, iv: base64 });

export const changePasswordBody = z.object({ oldPwd: sealedSecret, newPwd: sealedSecret });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const userInfo = z.object({
  userId: z.number().int(),
  deptId: z.number().int().nullable(),
  /** Organisation name of deptId. */
  deptName: z.string().nullable(),
  username: z.string(),
  realName: z.string().nullable(),
  /** Role codes, e.g. `admin`, `operator`. */
  roles: z.array(z.string()),
  /** Permission strings of the user's menu and button rows (element-level permission). */
  powerList: z.array(z.string()),
  /** May only read business data (group managers, the large-screen demo account). */
  readOnly: z.boolean(),
  /** Shared built-in demo account: no password change. */
  demo: z.boolean(),
  /** How this session was opened: form login (`pc`) or a large-screen entry (`screen`). */
  sessionKind: z.enum(['pc', 'screen']),
  /**
   * A large-screen window opened with a one-time token: read-only, and limited to the calls a
   * screen makes (endpoint entries with `access.screen`), whatever the user may do elsewhere.
   */
  screenOnly: z.boolean(),
  /** Preferred interface language, if the user set one. */
  lang: z.enum(LANGS).nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const themeConfig = z.object({
  title: z.string().max(64).optional(),
  theme: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  tagsView: z.boolean(),
  fixedHeader: z.boolean(),
  sidebarLogo: z.boolean(),
  pinyinSearch: z.boolean(),
  /**
   * The IANA zone the user reads platform records in (users, logs, messages...); absent: the
   * browser's zone. Station data stays on the station's clock.
   */
  timeZone: z.string().max(64).refine(isTimeZone, 'timeZone').optional(),
});
export type ThemeConfig = z.infer<typeof themeConfig>;
/** The system theme until an administrator stores one (spec 9: colour #0094ff, panels off). */
export const DEFAULT_THEME_CONFIG: ThemeConfig = {
  theme: THEME_COLOR_DEFAULT,
  tagsView: false,
  fixedHeader: false,
  sidebarLogo: false,
  pinyinSearch: false,
};
/** `:id` of GET /sys/user/getUserTheme/:id. */
export const userIdParams = z.object({ id: rowId });
export const userThemeResult = z.object({ userId: z.number().int(), config: themeConfig });
export const addUserThemeBody = themeConfig;

export const screenTokenBody = z.object({ type: z.enum(['screen', 'new-screen', 'common-screen']).default('screen') });
export const screenTokenResult = z.object({ token: z.string(), expiresAt: z.number().int() });
export const bigTokenLoginBody = z.object({
  bigToken: z.string().min(16).max(256),
  type: z.literal('pc').default('pc'),
});
export const checkPlatTokenResult = z.boolean();
/** A link of a menu entry to the visualisation host (VISUAL_HOST), to open signed in. */
export const visualCodeBody = z.object({ url: z.string().max(500) });
/** A one-time sign-in code for that link: `loginToCloud` takes it as `bigToken`, once, within a minute. */
export const visualCodeResult = z.object({ code: z.string(), expiresAt: z.number().int() });
