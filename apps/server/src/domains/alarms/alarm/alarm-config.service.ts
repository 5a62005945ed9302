import type { AlarmEffectiveRule, AlarmStationOverrideBody, Lang } from '@ess/contract';
import { alarmThresholdProblem } from '@ess/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { nameIn } from '../../../db/local-name-sql';
import { devices, points } from '../../../db/schema';
import { notFound } from '../../../lib/app-error';
import {
  definitionNames,
  deleteOverride,
  findDefinition,
  loadDefinitionRows,
  loadOverrideRows,
  saveOverride,
} from './alarm-definition.repository';
import { definitionProblem, type RulesChanged } from './alarm-definition.service';
import { effectiveRule } from './alarm-rules';

/** Station level of the alarm configuration (告警配置): overrides and the effective rule set. */
export class AlarmConfigService {
  constructor(
    private readonly db: Db,
    private readonly rulesChanged: RulesChanged,
  ) {}

  /**
   * Every definition that watches a device of the station (one with the point), overrides
   * applied; definitions and devices named in `lang`.
   */
  async stationRules(stationId: number, lang: Lang): Promise<AlarmEffectiveRule[]> {
    const [defs, defNames, overrides, rows] = await Promise.all([
      loadDefinitionRows(this.db),
      definitionNames(this.db, lang),
      loadOverrideRows(this.db, stationId),
      this.db
        .select({ id: devices.id, name: nameIn(devices, lang), type: devices.type, code: points.code })
        .from(devices)
        .innerJoin(points, eq(points.deviceId, devices.id))
        .where(eq(devices.stationId, stationId)),
    ]);
    const over = new Map(overrides.map((o) => [o.definitionId, o]));
    const names = new Map(rows.map((r) => [r.id, r.name]));
    const out: AlarmEffectiveRule[] = [];
    for (const d of defs) {
      const watched = new Set(
        rows
          .filter(
            (r) => r.code === d.pointCode && (d.deviceId !== null ? r.id === d.deviceId : r.type === d.deviceType),
          )
          .map((r) => r.id),
      );
      if (watched.size === 0) continue;
      const o = over.get(d.definitionId);
      const rule = effectiveRule(d, o);
      out.push({
        definitionId: d.definitionId,
        name: defNames.get(d.definitionId) ?? d.name,
        deviceId: d.deviceId,
        deviceName: d.deviceId === null ? null : (names.get(d.deviceId) ?? null),
        deviceType: d.deviceType,
        pointCode: d.pointCode,
        condition: d.condition,
        holdSeconds: d.holdSeconds,
        deadband: d.deadband,
        content: d.content,
        threshold: rule.threshold,
        threshold2: rule.threshold2,
        level: rule.level,
        enabled: rule.enabled,
        override: o ? { threshold: o.threshold, threshold2: o.threshold2, level: o.level, enabled: o.enabled } : null,
        deviceCount: watched.size,
      });
    }
    return out.sort((a, b) => a.level - b.level || a.name.localeCompare(b.name));
  }

  /** Saves the station's override (the route checked the station's scope). */
  async save(b: AlarmStationOverrideBody): Promise<null> {
    const d = await findDefinition(this.db, b.definitionId);
    if (!d) throw notFound('alarmDefinitionNotFound');
    const threshold = b.threshold ?? null;
    const threshold2 = d.condition === 'outside' ? (b.threshold2 ?? null) : null;
    const problem = alarmThresholdProblem(d.condition, threshold ?? d.threshold, threshold2 ?? d.threshold2);
    if (problem) throw definitionProblem(problem);
    await saveOverride(this.db, {
      stationId: b.stationId,
      definitionId: d.id,
      threshold,
      threshold2,
      level: b.level ?? null,
      enabled: b.enabled ?? null,
    });
    await this.rulesChanged();
    return null;
  }

  async remove(stationId: number, definitionId: number): Promise<null> {
    if (!(await deleteOverride(this.db, stationId, definitionId))) throw notFound('alarmDefinitionNotFound');
    await this.rulesChanged();
    return null;
  }
}
