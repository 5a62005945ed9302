import {
  DEFAULT_STRATEGY_SETTINGS,
  type StrategySettings,
  type StrategySettingsFields,
  type StrategySettingsSaveBody,
} from '@ess/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { stationStrategies } from '../../../db/strategy-schema';
import type { StationRow } from '../../stations/station';

/** A station's saved settings, or the defaults; rated power and capacity from the station itself. */
export async function readSettings(db: Db, station: StationRow): Promise<StrategySettings> {
  const [row] = await db.select().from(stationStrategies).where(eq(stationStrategies.stationId, station.id));
  const fields: StrategySettingsFields = row
    ? {
        demandLimitKw: row.demandLimitKw,
        antiBackflow: row.antiBackflow,
        socMin: row.socMin,
        socMax: row.socMax,
        socEndTarget: row.socEndTarget,
        degradationCostPerKwh: row.degradationCostPerKwh,
        etaCharge: row.etaCharge,
        etaDischarge: row.etaDischarge,
        enabled: row.enabled,
      }
    : DEFAULT_STRATEGY_SETTINGS;
  return {
    ...fields,
    stationId: station.id,
    ratedPowerKw: station.ratedPowerKw,
    capacityKwh: station.capacityKwh,
    saved: row !== undefined,
  };
}

export async function writeSettings(db: Db, body: StrategySettingsSaveBody): Promise<void> {
  const { stationId, ...fields } = body;
  await db
    .insert(stationStrategies)
    .values({ stationId, ...fields })
    .onConflictDoUpdate({ target: stationStrategies.stationId, set: { ...fields, updateTime: new Date() } });
}
