import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type SheetColour, sheetColours } from './palette';
import { sheetVariable } from './sheet-colours';

const SRC = path.resolve(__dirname, '../..');
const SCANNED = ['features', 'components'];

function sources(dir: string, kind = /\.tsx?$/): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p, kind);
    return kind.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/** Every style sheet of the app, comments removed. */
const sheets = () =>
  sources(SRC, /\.css$/).map((file) => ({
    file: path.relative(SRC, file),
    css: readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''),
  }));

/** String literals (quoted and template) of the code, comments removed. */
const STRING = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
const HEX = /#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![0-9a-z_])/i;

describe('colours', () => {
  it('come from the palette (lib/theme/palette.ts) or antd tokens: no hex colour in features or components', () => {
    const offenders: string[] = [];
    for (const file of SCANNED.flatMap((d) => sources(path.join(SRC, d)))) {
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      for (const m of code.matchAll(STRING)) {
        const hex = HEX.exec(m[0]);
        if (hex) offenders.push(`${path.relative(SRC, file)}: ${hex[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("in style sheets are antd variables or the palette's sheet colours: no hex colour, no unknown --ess- name", () => {
    const known = new Set(Object.keys(sheetColours).map((n) => sheetVariable(n as SheetColour)));
    const offenders: string[] = [];
    for (const { file, css } of sheets()) {
      for (const m of css.matchAll(new RegExp(HEX, 'gi'))) offenders.push(`${file}: ${m[0]}`);
      for (const m of css.matchAll(/var\((--ess-[a-z-]+)/g))
        if (!known.has(m[1] ?? '')) offenders.push(`${file}: ${m[1]}`);
    }
    expect(offenders).toEqual([]);
  });

  it('the check finds a hex colour in a string, an attribute and a template', () => {
    const found = (code: string) => [...code.matchAll(STRING)].some((m) => HEX.test(m[0]));
    expect(found(`const c = '#f5222d';`)).toBe(true);
    expect(found(`<path fill="#8fd0ff" />`)).toBe(true);
    expect(found('const b = `1px solid #fff`;')).toBe(true);
    expect(found(`const label = '#{{no}}'; this.#add();`)).toBe(false);
  });
});
