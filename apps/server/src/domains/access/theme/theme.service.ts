import { DEFAULT_THEME_CONFIG, type ThemeConfig, themeConfig } from '@ess/contract';
import type { Db } from '../../../db/client';
import { forbidden, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { findUserById } from '../user';
import { findSystemTheme, findUserTheme, upsertUserTheme } from './theme.repository';

export type UserTheme = { userId: number; config: ThemeConfig };

/** A stored value that no longer fits the schema (edited by hand, older shape) counts as absent. */
const parsed = (value: unknown): ThemeConfig | null => {
  const r = themeConfig.safeParse(value);
  return r.success ? r.data : null;
};

export class ThemeService {
  constructor(private readonly db: Db) {}

  /** The system default (userId 0): the stored system theme, else the spec 9 defaults. */
  async systemTheme(): Promise<UserTheme> {
    return { userId: 0, config: parsed(await findSystemTheme(this.db)) ?? DEFAULT_THEME_CONFIG };
  }

  /** A user's saved theme or the system default; only the user themself or an admin may read it. */
  async userTheme(caller: SessionUser, userId: number): Promise<UserTheme> {
    if (caller.userId !== userId && !caller.isAdmin) throw forbidden();
    if (caller.userId !== userId && !(await findUserById(this.db, userId))) throw notFound();
    const own = parsed(await findUserTheme(this.db, userId));
    return { userId, config: own ?? (await this.systemTheme()).config };
  }

  async saveOwnTheme(caller: SessionUser, config: ThemeConfig): Promise<UserTheme> {
    await upsertUserTheme(this.db, caller.userId, config);
    return { userId: caller.userId, config };
  }
}
