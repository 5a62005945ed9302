import { addUserThemeBody, userIdParams, userThemeResult } from '../session';
import { endpointGroup } from './endpoint';

/** Themes of users and of the system. */
export const themeApi = /*#__PURE__*/ endpointGroup('theme', {
  sysTheme: {
    method: 'GET',
    path: '/sys/user/getSysTheme',
    response: userThemeResult,
    access: { screen: true },
    summary: 'The system default theme (userId 0)',
  },
  userTheme: {
    method: 'GET',
    path: '/sys/user/getUserTheme/:id',
    params: userIdParams,
    response: userThemeResult,
    access: { screen: true },
    summary: "A user's theme, or the system default; own theme or admin only",
  },
  addUserTheme: {
    method: 'POST',
    path: '/sys/user/addUserTheme',
    body: addUserThemeBody,
    response: userThemeResult,
    // A personal preference: read-only managers may save theirs; the shared demo account may not.
    access: { refuseDemo: true },
    summary: "Save the caller's theme",
  },
});
