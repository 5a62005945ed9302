import { describe, expect, it } from 'vitest';
import { FLEET, parentView, parseView, startView, viewHash } from './screen-view';

describe('large-screen views in the hash', () => {
  it('reads and writes the three views, refusing anything else', () => {
    for (const v of [FLEET, { kind: 'province', code: '32' }, { kind: 'station', id: 12 }] as const) {
      expect(parseView(viewHash(v))).toEqual(v);
    }
    expect(parseView('')).toBeNull();
    expect(parseView('#/province/99')).toBeNull();
    expect(parseView('#/station/abc')).toBeNull();
    expect(parseView('#/station/12/x')).toBeNull();
  });

  it('opens each route where its users expect it', () => {
    const current = { id: 7, provinceCode: '33' as const };
    expect(startView('/screen', current)).toEqual(FLEET);
    expect(startView('/common-screen', current)).toEqual(FLEET);
    expect(startView('/new-screen', current)).toEqual({ kind: 'station', id: 7 });
    expect(startView('/new-screen-zz', current)).toEqual({ kind: 'province', code: '33' });
    expect(startView('/new-screen', null)).toEqual(FLEET);
  });

  it('goes up a level: station to its province, province to the fleet', () => {
    expect(parentView({ kind: 'station', id: 7 }, () => '32')).toEqual({ kind: 'province', code: '32' });
    expect(parentView({ kind: 'station', id: 7 }, () => null)).toEqual(FLEET);
    expect(parentView({ kind: 'province', code: '32' }, () => '32')).toEqual(FLEET);
  });
});
