import { describe, expect, it } from 'vitest';
import { parsePrefs } from './use-table-prefs';

const KEYS = ['status', 'name', 'capacity'];

describe('remembered table preferences', () => {
  it('reads hidden columns and the sort back', () => {
    const raw = JSON.stringify({ hidden: ['capacity'], sort: { key: 'status', order: 'descend' } });
    expect(parsePrefs(raw, KEYS)).toEqual({ hidden: ['capacity'], sort: { key: 'status', order: 'descend' } });
  });

  it('ignores unknown columns, bad orders and broken JSON', () => {
    expect(
      parsePrefs(JSON.stringify({ hidden: ['gone', 3, 'name'], sort: { key: 'gone', order: 'ascend' } }), KEYS),
    ).toEqual({ hidden: ['name'], sort: null });
    expect(parsePrefs(JSON.stringify({ sort: { key: 'name', order: 'sideways' } }), KEYS)).toEqual({
      hidden: [],
      sort: null,
    });
    expect(parsePrefs('{not json', KEYS)).toEqual({ hidden: [], sort: null });
    expect(parsePrefs(null, KEYS)).toEqual({ hidden: [], sort: null });
  });
});
