import { isLang, type Lang, ResultCode, type UserInfo } from '@ess/contract';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { findUserWithDept } from './user.repository';

export class UserService {
  constructor(private readonly db: Db) {}

  /**
   * What the web needs after sign-in: identity, roles and element permissions (spec 3 "User
   * info"); the organisation named in the request's language (`lang` is the user's stored choice).
   */
  async info(user: SessionUser, reqLang: Lang): Promise<UserInfo> {
    const found = await findUserWithDept(this.db, user.userId, reqLang);
    // The session was checked a moment ago; a user deleted since is signed out.
    if (!found) throw new AppError(401, ResultCode.SESSION_INVALID, 'sessionInvalid');
    const lang: Lang | null = isLang(found.user.lang) ? found.user.lang : null;
    return {
      userId: user.userId,
      deptId: found.user.deptId,
      deptName: found.deptName,
      username: found.user.username,
      realName: found.user.realName,
      roles: user.roles,
      powerList: [...user.perms].sort(),
      readOnly: user.readOnly,
      demo: user.demo,
      sessionKind: user.sessionKind,
      screenOnly: user.screenOnly === true,
      lang,
    };
  }
}
