import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../..');
/** The one module that turns instants and dates into text. */
const FORMAT_MODULE = path.join(SRC, 'lib', 'format');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return p === FORMAT_MODULE ? [] : sources(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/**
 * Ways to write a time outside the one module: the browser's locale formats (each its own
 * clock and date order), `Intl.DateTimeFormat`, and a dayjs `.format(...)` with date tokens,
 * a named pattern or none.
 */
const STRAY = [
  /\.toLocale(?:Date|Time)?String\(/,
  /\bIntl\s*\.\s*DateTimeFormat\b/,
  /\.format\(\s*(?:\)|['"`][^'"`]*(?:YY|MM|DD|HH|hh|mm|ss)|[A-Za-z_$][\w$.]*\s*\))/,
  /\.to(?:UTC|Date|Time)String\(/,
];

const stray = (code: string): string[] =>
  code.split('\n').flatMap((line) => STRAY.filter((re) => re.test(line)).map(() => line.trim()));

describe('times', () => {
  it('are formatted only in lib/format (station clock or user clock, one format per language)', () => {
    const offenders = sources(SRC).flatMap((file) => {
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      return stray(code).map((line) => `${path.relative(SRC, file)}: ${line}`);
    });
    expect(offenders).toEqual([]);
  });

  it('the check finds each way of formatting a time and leaves other calls alone', () => {
    expect(stray('render: (v: number) => new Date(v).toLocaleString(),')).toHaveLength(1);
    expect(stray('const s = d.toLocaleDateString("en");')).toHaveLength(1);
    expect(stray('const own = Intl.DateTimeFormat().resolvedOptions().timeZone;')).toHaveLength(1);
    expect(stray("const f = new Intl.DateTimeFormat('en', { hour: 'numeric' });")).toHaveLength(1);
    expect(stray("dayjs(ms).format('YYYY-MM-DD HH:mm:ss')")).toHaveLength(1);
    expect(stray("setDate(d.format('YYYY-MM-DD'))")).toHaveLength(1);
    expect(stray('const day = (d: Dayjs) => d.format(DATE);')).toHaveLength(1);
    expect(stray('dayjs().format()')).toHaveLength(1);
    expect(stray("t('format.justNow', { count: 3 })")).toHaveLength(0);
    expect(stray('clock.dateTime(ms)')).toHaveLength(0);
  });
});
