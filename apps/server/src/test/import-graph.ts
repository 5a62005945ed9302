import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The server's sources as an import graph, for the tests that hold its shape
 * (module-boundaries.test.ts, db/table-owners.test.ts; docs/architecture.md "Domains").
 * Only relative imports count: packages are not the server's own files.
 */
export const src = path.resolve(import.meta.dirname, '..');
export const domainsDir = path.join(src, 'domains');

export const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );

/** Every TypeScript file of the server. */
export const serverFiles = (): string[] => walk(src).filter((f) => /\.tsx?$/.test(f));

/** A test kit: a `<name>.kit.ts` beside the module it sets up, or anything in src/test/. */
export const isKit = (file: string): boolean =>
  /\.kit\.ts$/.test(file) || (path.relative(src, file).split(path.sep)[0] === 'test' && !isTest(file));
const isTest = (file: string): boolean => /\.test\.tsx?$/.test(file);
/** Tests and their kits: never in the compiled server, free to reach inside a module. */
export const isTestCode = (file: string): boolean => isTest(file) || isKit(file);

/** `domain/module` of a file in domains/<domain>/<module>/, else null. */
export const moduleOf = (file: string): string | null => {
  const parts = path.relative(domainsDir, file).split(path.sep);
  return parts[0] === '..' || parts.length < 3 ? null : `${parts[0]}/${parts[1]}`;
};

export const resolveImport = (from: string, spec: string): string | null => {
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

/** import … from, export … from, import('…') and bare `import '…'` of a relative path. */
const SPEC = /(?:from|import\(|import)\s*'(\.[^']*)'/g;

/** The relative specifiers `text` imports, in order. */
export const specifiersOf = (text: string): string[] => [...text.matchAll(SPEC)].flatMap(([, s]) => (s ? [s] : []));

/** file → the server files it imports. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const targets = specifiersOf(readFileSync(f, 'utf8')).map((s) => resolveImport(f, s));
    graph.set(
      f,
      targets.filter((t): t is string => t !== null),
    );
  }
  return graph;
}

/**
 * What production starts from: the entry the build compiles (scripts/build-server.ts) and the
 * schema files drizzle-kit reads (drizzle.config.ts), which hold tables only raw SQL uses.
 */
export function productionRoots(): string[] {
  const config = readFileSync(path.join(src, '../drizzle.config.ts'), 'utf8');
  const schemas = [...config.matchAll(/'\.\/apps\/server\/src\/([^']+)'/g)].flatMap(([, p]) =>
    p ? [path.join(src, p)] : [],
  );
  return [path.join(src, 'main.ts'), ...schemas];
}

/** Every file reachable from `roots` through `graph`. */
export function reachable(roots: readonly string[], graph: ReadonlyMap<string, readonly string[]>): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let f = stack.pop(); f !== undefined; f = stack.pop()) {
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...(graph.get(f) ?? []));
  }
  return seen;
}

/**
 * Where production and test code mix: a production file importing a kit or a test
 * (`importsKit`: "file -> kit"), and a production file the running server never reaches
 * (`notAKit`: imported only by tests, or by nothing — a kit to rename, or dead code).
 */
export function kitFindings(
  graph: ReadonlyMap<string, readonly string[]>,
  roots: readonly string[],
): { importsKit: string[]; notAKit: string[] } {
  const rel = (f: string) => path.relative(src, f);
  const production = [...graph.keys()].filter((f) => !isTestCode(f));
  // The running server's files: reached from the roots without passing through a kit.
  const live = reachable(
    roots,
    new Map(production.map((f) => [f, (graph.get(f) ?? []).filter((t) => !isTestCode(t))])),
  );
  return {
    importsKit: production.flatMap((f) => (graph.get(f) ?? []).filter(isTestCode).map((k) => `${rel(f)} -> ${rel(k)}`)),
    notAKit: production.filter((f) => !live.has(f)).map(rel),
  };
}
