import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's shape (docs/architecture.md "Domains"): modules live in domains/<domain>/<module>
 * and other code reaches a module only through its public face, its index.ts. Tests and test
 * kits may reach inside what they test.
 */
const src = path.dirname(fileURLToPath(import.meta.url));
const domainsDir = path.join(src, 'domains');

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
const isTestCode = (file: string) =>
  /\.test\.tsx?$/.test(file) || path.relative(src, file).split(path.sep).includes('test') || /-fixture\.ts$/.test(file);
const moduleOf = (file: string): string | null => {
  const parts = path.relative(domainsDir, file).split(path.sep);
  return parts[0] === '..' || parts.length < 3 ? null : `${parts[0]}/${parts[1]}`;
};
const resolve = (from: string, spec: string): string | null => {
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (statSync(c).isFile()) return c;
    } catch {
      // not this candidate
    }
  }
  return null;
};
const SPEC = /(?:from|import\()\s*'(\.[^']*)'/g;

/** Imports in `text` (of `file`) that reach inside another module. */
const deepImports = (file: string, text: string): string[] => {
  const own = moduleOf(file);
  const deep: string[] = [];
  for (const [, spec] of text.matchAll(SPEC)) {
    const target = spec ? resolve(file, spec) : null;
    const mod = target && moduleOf(target);
    if (target && mod && mod !== own && target !== path.join(domainsDir, mod, 'index.ts')) {
      deep.push(`${path.relative(src, file)} -> ${path.relative(src, target)}`);
    }
  }
  return deep;
};

const modules = readdirSync(domainsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(path.join(domainsDir, d.name), { withFileTypes: true })
      .filter((m) => m.isDirectory())
      .map((m) => `${d.name}/${m.name}`),
  );

describe('module boundaries', () => {
  it('every module has a public face', () => {
    const faceless = modules.filter((m) => {
      try {
        return !statSync(path.join(domainsDir, m, 'index.ts')).isFile();
      } catch {
        return true;
      }
    });
    expect(faceless).toEqual([]);
  });

  it('production code reaches another module only through its index.ts', () => {
    const deep = walk(src)
      .filter((f) => /\.tsx?$/.test(f) && !isTestCode(f))
      .flatMap((f) => deepImports(f, readFileSync(f, 'utf8')));
    expect(deep).toEqual([]);
  });

  it('tells a deep import from a public one', () => {
    const file = path.join(domainsDir, 'control', 'command', 'probe.ts');
    expect(deepImports(file, "import { ControlService } from '../control/control.service';")).toEqual([
      'domains/control/command/probe.ts -> domains/control/control/control.service.ts',
    ]);
    expect(deepImports(file, "import { controlModule } from '../control';")).toEqual([]);
    expect(deepImports(file, "import { x } from './command.service';")).toEqual([]);
  });
});
