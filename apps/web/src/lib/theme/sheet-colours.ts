import { type SheetColour, sheetColours } from './palette';

/** `--ess-tile-edge` for `tileEdge`. */
export const sheetVariable = (name: SheetColour): string =>
  `--ess-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * Gives the style sheets the palette's sheet colours as CSS variables on `root` (the document's
 * root element: the page background reads them too). Called once before the app renders.
 */
export function installSheetColours(root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(sheetColours))
    root.style.setProperty(sheetVariable(name as SheetColour), value);
}
