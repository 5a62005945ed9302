import { STORED_VERSION_DEFAULT } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { checkVersion } from './version-check';

describe('version check (spec 4, 9)', () => {
  it('compares with the stored version, 4.3.4 while none is stored', () => {
    expect(STORED_VERSION_DEFAULT).toBe('4.3.4');
    expect(checkVersion('4.3.4', null, '4.3.3')).toEqual({ kind: 'current' });
    expect(checkVersion('1.2.0', '1.2.0', '1.1.0')).toEqual({ kind: 'current' });
  });

  it('offers the update when the shipped version differs and this page runs another build', () => {
    expect(checkVersion('1.2.0', '1.1.0', '1.1.0')).toEqual({ kind: 'offer', version: '1.2.0' });
    // A new user whose page came from a cache of an older build.
    expect(checkVersion('1.2.0', null, '1.1.0')).toEqual({ kind: 'offer', version: '1.2.0' });
  });

  it('stores the shipped version without asking when this page already runs it', () => {
    // A new user on a current build: nothing to reload into.
    expect(checkVersion('1.2.0', null, '1.2.0')).toEqual({ kind: 'store', version: '1.2.0' });
    expect(checkVersion('1.2.0', '1.1.0', '1.2.0')).toEqual({ kind: 'store', version: '1.2.0' });
  });
});
