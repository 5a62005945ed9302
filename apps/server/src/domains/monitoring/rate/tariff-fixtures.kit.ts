import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { stationTouTemplates } from '../../../db/rate-schema';
import { stations, touTemplates } from '../../../db/schema';

/**
 * Test fixture: prices the stations by the example template from the beginning. The demo seeds
 * each station with its province's tariff; tests whose expected revenue is derived from
 * EXAMPLE_TOU_SEGMENTS / EXAMPLE_TOU_PRICES put their station on it first.
 */
export async function useExampleTariff(db: Db, codes: string[]): Promise<void> {
  const [example] = await db
    .select({ id: touTemplates.id })
    .from(touTemplates)
    .where(eq(touTemplates.code, 'TOU-EXAMPLE'));
  if (!example) throw new Error('the example template is not seeded');
  const ids = (await db.select({ id: stations.id }).from(stations).where(inArray(stations.code, codes))).map(
    (s) => s.id,
  );
  await db.delete(stationTouTemplates).where(inArray(stationTouTemplates.stationId, ids));
  await db.insert(stationTouTemplates).values(ids.map((stationId) => ({ stationId, templateId: example.id })));
}
