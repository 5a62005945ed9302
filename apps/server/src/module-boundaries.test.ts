import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  domainsDir,
  importGraph,
  isTestCode,
  kitFindings,
  moduleOf,
  productionRoots,
  resolveImport,
  serverFiles,
  specifiersOf,
  src,
} from './test/import-graph';

/**
 * The server's shape (docs/architecture.md "Domains"): modules live in domains/<domain>/<module>
 * and other code reaches a module only through its public face, its index.ts. Tests and test
 * kits (`*.kit.ts`, src/test/) may reach inside what they test; production code never imports
 * a kit, and a file only tests use is a kit.
 */

/** Imports in `text` (of `file`) that reach inside another module. */
const deepImports = (file: string, text: string): string[] => {
  const own = moduleOf(file);
  const deep: string[] = [];
  for (const spec of specifiersOf(text)) {
    const target = resolveImport(file, spec);
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
    const deep = serverFiles()
      .filter((f) => !isTestCode(f))
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

  it('production code imports no test kit, and a file only tests use is a kit', () => {
    const findings = kitFindings(importGraph(serverFiles()), productionRoots());
    expect(findings).toEqual({ importsKit: [], notAKit: [] });
  });

  it('tells a kit a production file imports, and a production file only tests reach', () => {
    const at = (p: string) => path.join(src, p);
    const graph = new Map([
      [at('main.ts'), [at('domains/a/b/index.ts')]],
      [at('domains/a/b/index.ts'), [at('domains/a/b/seed.kit.ts')]],
      [at('domains/a/b/seed.kit.ts'), [at('test/harness.ts'), at('domains/a/b/helper.ts')]],
      [at('domains/a/b/b.test.ts'), [at('domains/a/b/helper.ts'), at('domains/a/b/index.ts')]],
      [at('domains/a/b/helper.ts'), []],
      [at('test/harness.ts'), []],
    ]);
    expect(kitFindings(graph, [at('main.ts')])).toEqual({
      importsKit: ['domains/a/b/index.ts -> domains/a/b/seed.kit.ts'],
      notAKit: ['domains/a/b/helper.ts'],
    });
  });
});
