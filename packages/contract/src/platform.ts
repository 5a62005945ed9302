import { z } from 'zod';

/**
 * What the signed-in frame needs to know about the platform itself. `simulatedStationIds`: the
 * stations whose live data comes from the built-in simulator (SIMULATOR=on), so the interface
 * can say so instead of passing demo figures off as a real fleet. `visualOrigin`: the origin of
 * the visualisation host (VISUAL_HOST), the one external address a link opens signed in to
 * (with a one-time code, never the session's token); null when none is configured.
 */
export const platformInfo = z.object({
  version: z.string(),
  simulatedStationIds: z.array(z.number().int()),
  visualOrigin: z.string().nullable(),
});
export type PlatformInfo = z.infer<typeof platformInfo>;
