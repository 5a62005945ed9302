import { homeConfigApi, monitoringApi, type UserInfo } from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Permission } from '@/components/permission';
import { userInfoQuery } from './api/get-user-info';
import { holdsPermission } from './permission';

const user = (powerList: string[]) => ({
  userId: 2,
  deptId: 1,
  deptName: 'G-JS',
  username: 'operator',
  realName: null,
  roles: ['operator'],
  powerList,
  readOnly: false,
  demo: false,
  sessionKind: 'pc' as const,
  screenOnly: false,
  lang: null,
});

function withUser(powerList: string[], node: ReactNode, over: Partial<UserInfo> = {}) {
  const qc = new QueryClient();
  qc.setQueryData(userInfoQuery().queryKey, { ...user(powerList), ...over });
  return render(<QueryClientProvider client={qc}>{node}</QueryClientProvider>);
}

describe('element-level permission', () => {
  it('holds when any listed permission is in the power list', () => {
    expect(holdsPermission(['a:b', 'c:d'], ['x:y', 'c:d'])).toBe(true);
    expect(holdsPermission(['a:b'], ['x:y'])).toBe(false);
    expect(holdsPermission(['a:b'], [])).toBe(false);
  });

  it('throws unless given an array', () => {
    expect(() => holdsPermission(['a:b'], 'a:b')).toThrow(TypeError);
    expect(() => holdsPermission(['a:b'], undefined)).toThrow(TypeError);
    expect(() => holdsPermission(['a:b'], { 0: 'a:b' })).toThrow(TypeError);
  });

  it('renders its children only for a user holding one of the permissions', () => {
    withUser(['sys:user:add'], <Permission perms={['sys:user:add']}>add-user</Permission>);
    expect(screen.getByText('add-user')).toBeTruthy();
  });

  it('removes its children, or shows the fallback, for a user without them', () => {
    withUser(
      ['sys:user:edit'],
      <>
        <Permission perms={['sys:user:add']}>add-user</Permission>
        <Permission perms={['sys:user:delete']} fallback="no-delete">
          delete-user
        </Permission>
      </>,
    );
    expect(screen.queryByText('add-user')).toBeNull();
    expect(screen.queryByText('delete-user')).toBeNull();
    expect(screen.getByText('no-delete')).toBeTruthy();
  });

  it('removes, in a large-screen window, every call a screen does not make, whatever its holder may do', () => {
    withUser(
      ['surveillance:home:config'],
      <>
        <Permission endpoint={homeConfigApi.homeConfigSave}>save-home</Permission>
        <Permission endpoint={monitoringApi.siteOverview}>overview</Permission>
      </>,
      { readOnly: true, sessionKind: 'screen', screenOnly: true },
    );
    expect(screen.queryByText('save-home')).toBeNull();
    expect(screen.getByText('overview')).toBeTruthy();
  });

  it('throws while rendering when perms is not an array', () => {
    const bad = 'sys:user:add' as unknown as string[];
    expect(() => withUser(['sys:user:add'], <Permission perms={bad}>x</Permission>)).toThrow(TypeError);
  });
});
