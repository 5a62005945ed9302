import { z } from 'zod';
import { SCREEN_FROM_VALUES } from '../constants';
import { dictType } from '../dict';
import { emptyBody } from '../envelope';
import {
  clientErrorPage,
  clientErrorPageBody,
  clientErrorReport,
  operationLogPage,
  operationLogPageBody,
} from '../logs';
import { exclusiveMenuBody, menuItem } from '../menu';
import { platformInfo } from '../platform';
import {
  addUserThemeBody,
  bigTokenLoginBody,
  changePasswordBody,
  checkPlatTokenResult,
  loginBody,
  loginResult,
  publicKeyResult,
  screenTokenResult,
  userIdParams,
  userInfo,
  userThemeResult,
} from '../session';
import { stationIdBody, stationTree } from '../station';
import { weatherResult } from '../weather';
import { endpointGroup } from './endpoint';

/** Reading the logs (system menu "logs"); admins hold every permission. */
export const LOG_QUERY = 'sys:log:query';

export const screenLoginBody = z.object({ from: z.enum(SCREEN_FROM_VALUES) });

/** Sign-in, sessions and the signed-in user (spec 7 "Session and user"). */
export const sessionApi = endpointGroup('session', {
  publicKey: {
    method: 'GET',
    path: '/sys/user/publicKey',
    response: publicKeyResult,
    access: { public: true },
    summary: 'The current RSA-2048 public key (SPKI PEM) for sealing secrets, and how long it is current',
  },
  login: {
    method: 'POST',
    path: '/sys/user/login',
    body: loginBody,
    response: loginResult,
    access: { public: true },
    summary: 'Sign in with a sealed password',
  },
  screenLogin: {
    method: 'POST',
    path: '/sys/token/screenLogin',
    body: screenLoginBody,
    response: loginResult,
    access: { public: true },
    summary: 'Sign in with the built-in read-only large-screen account (SCREEN_LOGIN)',
  },
  loginToCloud: {
    method: 'POST',
    path: '/sys/token/loginToCloud',
    body: bigTokenLoginBody,
    response: loginResult,
    access: { public: true },
    summary: 'Exchange a one-time large-screen token for a session',
  },
  applyLargeScreenToken: {
    method: 'POST',
    path: '/sys/token/applyLargeScreenToken',
    response: screenTokenResult,
    access: {},
    summary: 'One-time token for a large-screen window of the caller',
  },
  applyCommonLargeScreenToken: {
    method: 'POST',
    path: '/sys/token/applyCommonLargeScreenToken',
    response: screenTokenResult,
    access: {},
    summary: 'One-time token for the group (common) large screen',
  },
  checkPlatToken: {
    method: 'GET',
    path: '/sys/token/checkPlatToken',
    response: checkPlatTokenResult,
    access: { public: true },
    summary: 'Whether the bearer token names a live session',
  },
  logout: {
    method: 'GET',
    path: '/sys/user/logout',
    response: z.null(),
    access: {},
    summary: 'Revoke the current token',
  },
  changePassword: {
    method: 'PUT',
    path: '/sys/user/pwd',
    body: changePasswordBody,
    response: z.null(),
    // Every signed-in user owns their password, read-only managers included; not the shared demo account.
    access: { refuseDemo: true },
    summary: 'Change own password (sealed old and new); every session of the user is revoked',
  },
  userInfo: {
    method: 'GET',
    path: '/sys/user/get',
    response: userInfo,
    access: {},
    summary: 'The signed-in user: identity, roles, permissions',
  },
});

/** Themes of users and of the system. */
export const themeApi = endpointGroup('theme', {
  sysTheme: {
    method: 'GET',
    path: '/sys/user/getSysTheme',
    response: userThemeResult,
    access: {},
    summary: 'The system default theme (userId 0)',
  },
  userTheme: {
    method: 'GET',
    path: '/sys/user/getUserTheme/:id',
    params: userIdParams,
    response: userThemeResult,
    access: {},
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

/** What the signed-in frame loads: menus, dictionaries, stations, weather. */
export const shellApi = endpointGroup('shell', {
  exclusiveMenu: {
    method: 'POST',
    path: '/sys/permission/per/exclusiveMenu',
    body: exclusiveMenuBody,
    response: z.array(menuItem),
    access: { station: 'stationId' },
    summary: "The caller's PC menu tree for a station (or for none)",
  },
  dictTypeAll: {
    method: 'POST',
    path: '/sys/dict/typeAll',
    body: emptyBody,
    response: z.array(dictType),
    access: {},
    summary: 'Every dictionary type with its items, labels in the request language',
  },
  stationTree: {
    method: 'POST',
    path: '/business/station',
    body: emptyBody,
    response: stationTree,
    access: {},
    summary: "The caller's stations as a province → station tree",
  },
  platformInfo: {
    method: 'GET',
    path: '/sys/platform/info',
    response: platformInfo,
    access: {},
    summary: 'What this platform runs: its version, and which stations the built-in simulator feeds',
  },
  stationWeather: {
    method: 'POST',
    path: '/media/weather/stationWeatherInfo',
    body: stationIdBody,
    response: weatherResult,
    access: { station: 'stationId' },
    summary: "Today's weather at a station (null where the station shows none)",
  },
});

/** The operation log and the client error log (system menu "logs", spec 8). */
export const logApi = endpointGroup('log', {
  clientErrorAdd: {
    method: 'POST',
    path: '/sys/clientError/add',
    body: clientErrorReport,
    response: z.null(),
    // Errors happen before sign-in too (login page); a session, when present, names the user.
    access: { public: true },
    summary: 'Report an error of the web app (size-capped, rate-limited per address)',
  },
  clientErrorPage: {
    method: 'POST',
    path: '/sys/clientError/page',
    body: clientErrorPageBody,
    response: clientErrorPage,
    access: { perms: [LOG_QUERY] },
    summary: 'A page of the client error log, newest first, filtered by kind, text and time',
  },
  operationLogPage: {
    method: 'POST',
    path: '/sys/log/page',
    body: operationLogPageBody,
    response: operationLogPage,
    access: { perms: [LOG_QUERY] },
    summary: 'A page of the operation log (sign-ins, changes), newest first, filtered by text, outcome and time',
  },
});
