import { describe, expect, it } from 'vitest';
import { sheetColours } from './palette';
import { installSheetColours, sheetVariable } from './sheet-colours';

describe('sheet colours', () => {
  it('are named in kebab case after the palette', () => {
    expect(sheetVariable('tileEdge')).toBe('--ess-tile-edge');
    expect(sheetVariable('signInSkyFrom')).toBe('--ess-sign-in-sky-from');
  });

  it("are set on the root as CSS variables, each with the palette's value", () => {
    const root = document.createElement('div');
    installSheetColours(root);
    expect(root.style.getPropertyValue('--ess-ink')).toBe(sheetColours.ink);
    for (const [name, value] of Object.entries(sheetColours))
      expect(root.style.getPropertyValue(sheetVariable(name as keyof typeof sheetColours))).toBe(value);
  });
});
