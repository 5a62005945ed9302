import { readFileSync } from 'node:fs';
import path from 'node:path';
import { flattenSeedMenu, SEED_MENU } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES_ORDER, type Capability, capabilityOf } from '@/features/errors/capability';
import { PAGES } from './page-registry';
import { LINK_PATHS } from './published-dashboard-links';
import { PUBLIC_NOT_BUILT, SCREEN_PATHS } from './routes';

const PRODUCT = path.resolve(__dirname, '../../../../docs/product.md');

/** Pages of each capability (menu leaves and the routes without sign-in) and how many are built. */
function routeCounts(): Record<Capability, { built: number; total: number }> {
  const counts = Object.fromEntries(CAPABILITIES_ORDER.map((c) => [c, { built: 0, total: 0 }])) as Record<
    Capability,
    { built: number; total: number }
  >;
  const seen = new Set<string>();
  for (const top of SEED_MENU) {
    for (const page of flattenSeedMenu([top])) {
      if (!page.url || page.children?.length || seen.has(page.url)) continue;
      seen.add(page.url);
      const c = counts[capabilityOf(page.url, top.code)];
      c.total += 1;
      if (page.url in PAGES || SCREEN_PATHS.includes(page.url)) c.built += 1;
    }
  }
  for (const url of [...PUBLIC_NOT_BUILT, ...SCREEN_PATHS, ...LINK_PATHS]) {
    if (seen.has(url)) continue;
    seen.add(url);
    const c = counts[capabilityOf(url, null)];
    c.total += 1;
    if (SCREEN_PATHS.includes(url) || LINK_PATHS.includes(url)) c.built += 1;
  }
  return counts;
}

const stateOf = ({ built, total }: { built: number; total: number }) =>
  `${built === total ? 'built' : built === 0 ? 'not built' : 'partly built'}, ${built} of ${total} routes`;

describe('the capability list in docs/product.md', () => {
  it("states each capability's state from the routes this build serves", () => {
    const rows = new Map<string, string>();
    for (const line of readFileSync(PRODUCT, 'utf8').split('\n')) {
      const m = /^\|[^|]*\(`(\w+)`\)[^|]*\|[^|]*\|\s*([^|]+?)\s*\|$/.exec(line);
      if (m?.[1] && m[2]) rows.set(m[1], m[2]);
    }
    const expected = Object.entries(routeCounts()).map(([c, n]) => [c, stateOf(n)]);
    // On a mismatch, the expected cells say what to write.
    expect([...rows.entries()]).toEqual(expected);
  });
});
