import {
  ALARM_PERMS,
  type AlarmDefinitionBody,
  CELL_LIMITS,
  DEVICE_MODELS,
  DEVICE_TYPE_NAMES,
  type DeviceType,
  type Names,
  names,
  type PointDef,
} from '@ess/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { alarmDefinitions } from '../../../db/alarm-schema';
import type { Db } from '../../../db/client';
import { dictItems, dictTypes, menus, roleMenus, roles, settings } from '../../../db/schema';
import { SEED_DICTS } from '../../../db/seed-data';

const MARKER = 'seed.alarm.v1';

/** Cell limits trip the BMS: critical. Other equipment limits: major. */
const CELL_CODES = new Set(Object.keys(CELL_LIMITS));
const HOLD_SECONDS = 10;

/** A seeded definition's name in the four languages: device type, point, side of the limit. */
export function definitionNames(type: DeviceType, p: Pick<PointDef, 'names'>, side: 'high' | 'low'): Names {
  const t = DEVICE_TYPE_NAMES[type];
  const high = side === 'high';
  return names(
    `${t.zh_CN} ${p.names.zh_CN}${high ? '过高' : '过低'}`,
    `${t.en_US}: ${p.names.en_US} ${high ? 'above limit' : 'below limit'}`,
    `${t.es_ES}: ${p.names.es_ES} ${high ? 'por encima del límite' : 'por debajo del límite'}`,
    `${t.ja_JP}：${p.names.ja_JP}${high ? '上限超過' : '下限未満'}`,
  );
}

/** The name the first seed stored (type code in capitals, Chinese point): still unedited if equal. */
const firstSeedName = (type: string, p: Pick<PointDef, 'names'>, side: 'high' | 'low') =>
  `${type.toUpperCase()} ${p.names.zh_CN}${side === 'high' ? '过高' : '过低'}`;

/**
 * One definition per device type, point and side of each alarm limit the device models carry
 * (value-limits.ts: the bounds the screens already colour): above `alarmAbove` (gt) or below
 * `alarmBelow` (lt), recovering at the warning limit (the deadband is the distance to it), so
 * the demo raises the alarms its screens show in red.
 */
type SeedDefinition = AlarmDefinitionBody & { seedKey: string; names: Names; firstName: string };

export function defaultDefinitions(): SeedDefinition[] {
  const out = new Map<string, SeedDefinition>();
  for (const model of DEVICE_MODELS) {
    for (const p of model.points) {
      const limit = p.limit;
      if (!limit) continue;
      const level = CELL_CODES.has(p.code) ? 1 : 2;
      const add = (side: 'high' | 'low', threshold: number, warn: number | undefined) => {
        const seedKey = `${model.type}.${p.code}.${side}`;
        if (out.has(seedKey)) return;
        const label = definitionNames(model.type, p, side);
        out.set(seedKey, {
          seedKey,
          name: label.zh_CN,
          names: label,
          firstName: firstSeedName(model.type, p, side),
          deviceId: null,
          deviceType: model.type as DeviceType,
          pointCode: p.code,
          condition: side === 'high' ? 'gt' : 'lt',
          threshold,
          threshold2: null,
          holdSeconds: HOLD_SECONDS,
          // 3.65 − 3.6 is 0.04999… in floating point: the limits have at most a few decimals.
          deadband: warn === undefined ? 0 : Math.round(Math.abs(threshold - warn) * 1e6) / 1e6,
          level,
          content: `{station} {device} {point} {value}${side === 'high' ? ' > ' : ' < '}{limit}`,
          enabled: true,
        });
      };
      if (limit.alarmAbove !== undefined) add('high', limit.alarmAbove, limit.warnAbove);
      if (limit.alarmBelow !== undefined) add('low', limit.alarmBelow, limit.warnBelow);
    }
  }
  return [...out.values()];
}

/**
 * Seeds the alarm centre once per database (its own marker, so databases seeded before the alarm
 * centre get it too): the level dictionary, the default definitions and, where the menu predates
 * it, the alarm configuration's edit button for maintainers. Later starts leave them alone, so
 * a deleted default stays deleted.
 */
export async function seedAlarmDefaults(db: Db): Promise<boolean> {
  const done = await db.select().from(settings).where(eq(settings.key, MARKER));
  if (done.length > 0) return false;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(settings)
      .values({ key: MARKER, value: { at: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;

    // The demo seed has it (SEED_DICTS); a database seeded before the alarm centre gets it here.
    const levels = SEED_DICTS.find((d) => d.type === 'alarmLevel');
    const [type] = levels
      ? await tx
          .insert(dictTypes)
          .values({ type: levels.type, description: levels.descriptions.zh_CN, descriptions: levels.descriptions })
          .onConflictDoNothing()
          .returning({ id: dictTypes.id })
      : [];
    if (type && levels) {
      await tx
        .insert(dictItems)
        .values(
          levels.items.map((l, i) => ({ typeId: type.id, key: l.key, value: l.value, labels: l.labels, sort: i + 1 })),
        );
    }

    const defs = defaultDefinitions();
    await tx
      .insert(alarmDefinitions)
      .values(
        defs.map(({ firstName: _, ...d }) => ({
          ...d,
          deviceId: null,
          deviceType: d.deviceType ?? null,
          threshold2: null,
        })),
      )
      .onConflictDoNothing();

    await addConfigButton(tx);
    return true;
  });
}

/**
 * Gives the seeded definitions of a database seeded before names per language theirs, by seed key,
 * while they still carry a seeded name (one a user renamed keeps what the user typed). Every start.
 */
export async function syncSeededDefinitionNames(db: Db): Promise<void> {
  const [unnamed] = await db
    .select({ id: alarmDefinitions.id })
    .from(alarmDefinitions)
    .where(and(isNotNull(alarmDefinitions.seedKey), sql`${alarmDefinitions.names} = '{}'::jsonb`))
    .limit(1);
  if (!unnamed) return;
  for (const d of defaultDefinitions()) {
    await db
      .update(alarmDefinitions)
      .set({ names: d.names })
      .where(
        and(
          eq(alarmDefinitions.seedKey, d.seedKey),
          sql`${alarmDefinitions.names} = '{}'::jsonb`,
          sql`${alarmDefinitions.name} in (${d.firstName}, ${d.name})`,
        ),
      );
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The configuration's edit button, for a menu seeded before it existed (granted to maintainers). */
async function addConfigButton(tx: Tx): Promise<void> {
  const code = 'sys.alarmConfig.edit';
  const [exists] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.code, code));
  const [page] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.code, 'system.alarmConfiguration'));
  if (exists || !page) return;
  const label = names('修改', 'Edit', 'Editar', '編集');
  const [btn] = await tx
    .insert(menus)
    .values({ pid: page.id, code, name: label.zh_CN, names: label, perms: ALARM_PERMS.configEdit, type: 'button' })
    .returning({ id: menus.id });
  const [maintainer] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, 'maintainer'));
  if (btn && maintainer) await tx.insert(roleMenus).values({ roleId: maintainer.id, menuId: btn.id });
}
