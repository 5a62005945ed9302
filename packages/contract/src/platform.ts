import { z } from 'zod';

/**
 * What the signed-in frame needs to know about the platform itself. `simulatedStationIds`: the
 * stations whose live data comes from the built-in simulator (SIMULATOR=on), so the interface
 * can say so instead of passing demo figures off as a real fleet.
 */
export const platformInfo = z.object({
  version: z.string(),
  simulatedStationIds: z.array(z.number().int()),
});
export type PlatformInfo = z.infer<typeof platformInfo>;
