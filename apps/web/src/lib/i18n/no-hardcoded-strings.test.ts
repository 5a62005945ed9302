import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === 'locales' ? [] : sources(p);
    return /\.tsx$/.test(name) && !name.endsWith('.test.tsx') ? [p] : [];
  });
}

describe('UI strings', () => {
  it('come from the locale files: no CJK text or JSX text of letters outside them', () => {
    const offenders: string[] = [];
    for (const file of sources(SRC)) {
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      if (/[\u4e00-\u9fff\u3040-\u30ff]/.test(code)) offenders.push(`${path.relative(SRC, file)}: CJK text`);
      // Text directly between JSX tags, e.g. <span>Save</span> (not an arrow's `=> Promise<…>`).
      for (const m of code.matchAll(/(?<!=)>\s*([A-Za-z][A-Za-z ,.'!?-]{2,})\s*</g)) {
        offenders.push(`${path.relative(SRC, file)}: "${m[1]}"`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
