import { describe, expect, it } from 'vitest';
import { roleProblem } from './sys-role';
import { userAddBody, userProblem } from './sys-user';

describe('user fields (spec 5)', () => {
  it('checks the phone first, then the e-mail when one is given', () => {
    expect(userProblem({ phone: '' })).toBe('validation.phoneEmpty');
    expect(userProblem({ phone: '1381234567' })).toBe('validation.phoneLength');
    expect(userProblem({ phone: '23812345678' })).toBe('validation.phoneFormat');
    expect(userProblem({ phone: '13812345678', email: 'a@' })).toBe('validation.emailFormat');
    expect(userProblem({ phone: '13812345678', email: null })).toBeNull();
    expect(userProblem({ phone: '13812345678', email: 'a@b.cn' })).toBeNull();
  });
  it('needs a sealed password and at least one role', () => {
    const sealed = { cipher: 'YQ==', aesKey: 'YQ==', iv: 'YQ==' };
    const base = { username: 'wang', password: sealed, realName: 'Wang', phone: '13812345678', roleIds: [1] };
    expect(userAddBody.safeParse(base).success).toBe(true);
    expect(userAddBody.safeParse({ ...base, password: 'clear-text' }).success).toBe(false);
    expect(userAddBody.safeParse({ ...base, roleIds: [] }).success).toBe(false);
    expect(userAddBody.safeParse({ ...base, username: 'wang wei' }).success).toBe(false);
  });
});

describe('role rules', () => {
  const isMenu = (id: number) => id < 100;
  it('needs at least one menu row, not only buttons ("please authorise menus")', () => {
    expect(roleProblem({ menuIds: [], dataScope: 'org', orgIds: [] }, isMenu)).toBe('menusRequired');
    expect(roleProblem({ menuIds: [101], dataScope: 'org', orgIds: [] }, isMenu)).toBe('menusRequired');
    expect(roleProblem({ menuIds: [1, 101], dataScope: 'org', orgIds: [] }, isMenu)).toBeNull();
  });
  it('needs organisations for a custom data scope only', () => {
    expect(roleProblem({ menuIds: [1], dataScope: 'custom', orgIds: [] }, isMenu)).toBe('orgsRequired');
    expect(roleProblem({ menuIds: [1], dataScope: 'custom', orgIds: [2] }, isMenu)).toBeNull();
    expect(roleProblem({ menuIds: [1], dataScope: 'all', orgIds: [] }, isMenu)).toBeNull();
  });
});
