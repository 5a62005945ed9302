import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './redirect';

describe('login redirect', () => {
  it('carries the wanted page without the one-shot parameters', () => {
    expect(loginPathFor({ pathname: '/alarm/history', search: '?page=2&token=abc&from=screen' })).toBe(
      `/login?redirect=${encodeURIComponent('/alarm/history?page=2')}`,
    );
  });
  it('follows only paths of this app', () => {
    expect(safeRedirect('/system/user', '/home')).toBe('/system/user');
    expect(safeRedirect('https://evil.example', '/home')).toBe('/home');
    expect(safeRedirect('//evil.example/x', '/home')).toBe('/home');
    expect(safeRedirect('/login?redirect=/x', '/home')).toBe('/home');
    expect(safeRedirect(null, '/home')).toBe('/home');
  });
});
