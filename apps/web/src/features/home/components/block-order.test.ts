import { DEFAULT_HOME_BLOCKS } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { moveBlock, toggleBlock, visibleBlocks } from './block-order';

const keys = (l: { key: string }[]) => l.map((b) => b.key);

describe('home block order', () => {
  it('moves a block up, down and by dragging, clamped to the list', () => {
    const base = DEFAULT_HOME_BLOCKS.slice(0, 4);
    expect(keys(moveBlock(base, 1, 0))).toEqual(['energyFlow', 'kpis', 'powerCurve', 'storageUnits']);
    expect(keys(moveBlock(base, 0, 3))).toEqual(['energyFlow', 'powerCurve', 'storageUnits', 'kpis']);
    expect(keys(moveBlock(base, 3, 99))).toEqual(keys(base));
    expect(keys(moveBlock(base, 0, -1))).toEqual(keys(base));
    expect(moveBlock(base, 2, 0)).not.toBe(base);
  });

  it('shows and hides blocks, keeping the order', () => {
    const hidden = toggleBlock(DEFAULT_HOME_BLOCKS, 'kpis', false);
    expect(visibleBlocks(hidden)[0]).toBe('energyFlow');
    expect(visibleBlocks(toggleBlock(hidden, 'nameplate', true))).toContain('nameplate');
    expect(keys(hidden)).toEqual(keys(DEFAULT_HOME_BLOCKS));
  });
});
