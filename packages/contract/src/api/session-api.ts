import { z } from 'zod';
import { SCREEN_FROM_VALUES } from '../constants';
import {
  bigTokenLoginBody,
  changePasswordBody,
  checkPlatTokenResult,
  loginBody,
  loginResult,
  publicKeyResult,
  screenTokenResult,
  userInfo,
  visualCodeBody,
  visualCodeResult,
} from '../session';
import { endpointGroup } from './endpoint';

export const screenLoginBody = z.object({ from: z.enum(SCREEN_FROM_VALUES) });

/** Sign-in, sessions and the signed-in user (spec 7 "Session and user"). */
export const sessionApi = /*#__PURE__*/ endpointGroup('session', {
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
  visualCode: {
    method: 'POST',
    path: '/sys/token/visualCode',
    body: visualCodeBody,
    response: visualCodeResult,
    access: {},
    summary:
      'One-time sign-in code (one minute) for a link to the visualisation host (VISUAL_HOST); 400 for any other link',
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
    access: { screen: true },
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
    access: { screen: true },
    summary: 'The signed-in user: identity, roles, permissions',
  },
});
