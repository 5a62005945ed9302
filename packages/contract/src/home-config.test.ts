import { describe, expect, it } from 'vitest';
import { completeHomeBlocks, DEFAULT_HOME_BLOCKS, HOME_BLOCKS, homeConfigBody } from './home-config';

describe('home configuration', () => {
  it('completes a saved list: its order first, unknown and repeated keys dropped, missing blocks appended', () => {
    const saved = [
      { key: 'weather', visible: true },
      { key: 'alarms', visible: true },
      { key: 'kpis', visible: false },
      { key: 'weather', visible: false },
    ];
    const hidden = completeHomeBlocks(saved, 'hidden');
    expect(hidden.slice(0, 2)).toEqual([
      { key: 'weather', visible: true },
      { key: 'kpis', visible: false },
    ]);
    expect(hidden.map((b) => b.key).sort()).toEqual([...HOME_BLOCKS].sort());
    expect(hidden.slice(2).every((b) => !b.visible)).toBe(true);
    // A block added after the list was stored shows, as it would by default.
    expect(
      completeHomeBlocks(saved, 'default')
        .slice(2)
        .every((b) => b.visible),
    ).toBe(true);
    expect(completeHomeBlocks([], 'default')).toEqual(DEFAULT_HOME_BLOCKS);
  });

  it('accepts each known block at most once', () => {
    expect(homeConfigBody.safeParse({ stationId: 1, blocks: DEFAULT_HOME_BLOCKS }).success).toBe(true);
    expect(
      homeConfigBody.safeParse({
        stationId: '3',
        blocks: [
          { key: 'kpis', visible: true },
          { key: 'kpis', visible: true },
        ],
      }).success,
    ).toBe(false);
    expect(homeConfigBody.safeParse({ stationId: 1, blocks: [{ key: 'alarms', visible: true }] }).success).toBe(false);
    expect(homeConfigBody.safeParse({ stationId: 1, blocks: [] }).success).toBe(false);
  });
});
