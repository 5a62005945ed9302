/**
 * Home-page configuration (spec 7 `POST /business/homeConfig/add` and `/business/homeConfig/{id}`;
 * payload "not shown", designed here): per user and station, which blocks of the site home page
 * show and in what order. Saved on the server so it follows the user to another browser.
 */
import { z } from 'zod';
import { rowId } from './ids';

/** The blocks of the site home page, in their default order. */
export const HOME_BLOCKS = [
  'kpis',
  'energyFlow',
  'powerCurve',
  'storageUnits',
  'deviceStatus',
  'pvChargers',
  'airConditioning',
  'weather',
  'nameplate',
] as const;
export type HomeBlock = (typeof HOME_BLOCKS)[number];

export const homeBlockSetting = z.object({ key: z.enum(HOME_BLOCKS), visible: z.boolean() });
export type HomeBlockSetting = z.infer<typeof homeBlockSetting>;

/** Every block shows, in the order above, until the user configures the page. */
export const DEFAULT_HOME_BLOCKS: HomeBlockSetting[] = HOME_BLOCKS.map((key) => ({ key, visible: true }));

export const homeConfigBody = z.object({
  stationId: rowId,
  /** Every block at most once, in display order; blocks left out are appended hidden. */
  blocks: z
    .array(homeBlockSetting)
    .min(1)
    .max(HOME_BLOCKS.length)
    .refine((xs) => new Set(xs.map((x) => x.key)).size === xs.length, 'each block at most once'),
});
export type HomeConfigBody = z.infer<typeof homeConfigBody>;

export const homeConfig = z.object({
  stationId: z.number().int(),
  /** Every block exactly once, in display order. */
  blocks: z.array(homeBlockSetting),
  /** False while the user has saved nothing for this station (the defaults apply). */
  saved: z.boolean(),
  updateTime: z.number().int().nullable(),
});
export type HomeConfig = z.infer<typeof homeConfig>;

/** The station's default layout (administrators, site configuration): every user without their own follows it. */
export const homeDefaultBody = homeConfigBody;
export type HomeDefaultBody = z.infer<typeof homeDefaultBody>;

export const homeDefault = z.object({
  stationId: z.number().int(),
  /** Every block exactly once, in display order. */
  blocks: z.array(homeBlockSetting),
  /** False while no default is saved for the station (the built-in order applies). */
  saved: z.boolean(),
  updateTime: z.number().int().nullable(),
});
export type HomeDefault = z.infer<typeof homeDefault>;

/** How many users' own layouts of the station were removed so they follow the default. */
export const homeDefaultReset = z.object({ reset: z.number().int() });
export type HomeDefaultReset = z.infer<typeof homeDefaultReset>;

/**
 * Every block exactly once: the given order first (unknown keys and repeats dropped), then the
 * blocks it lacks — `missing` says whether those show (a stored config predating a new block:
 * yes, like the default) or not (a saved list leaves them out on purpose).
 */
export function completeHomeBlocks(
  blocks: readonly { key: string; visible: boolean }[],
  missing: 'default' | 'hidden',
): HomeBlockSetting[] {
  const seen = new Set<HomeBlock>();
  const out: HomeBlockSetting[] = [];
  for (const b of blocks) {
    const key = HOME_BLOCKS.find((k) => k === b.key);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push({ key, visible: b.visible });
  }
  for (const d of DEFAULT_HOME_BLOCKS) {
    if (!seen.has(d.key)) out.push({ key: d.key, visible: missing === 'default' ? d.visible : false });
  }
  return out;
}
