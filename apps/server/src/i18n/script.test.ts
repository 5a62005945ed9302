import {
  ACTION_NAMES,
  COMMAND_KIND_NAMES,
  DEVICE_MODELS,
  DEVICE_TYPE_NAMES,
  EXAMPLE_TOU_NAMES,
  LANGS,
  LOG_EVENT_NAMES,
  METER_ROLE_NAMES,
  type Names,
  PROVINCE_TOU_TEMPLATES,
  SEED_MENU,
  type SeedMenu,
  scriptProblem,
  stationLayout,
} from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { SEED_DICTS, SEED_ORGS, SEED_ROLE_NAMES, SEED_STATIONS } from '../db/seed-data';
import { BUILT_IN_SEQUENCES } from '../db/seed-sequences';
import { defaultDefinitions } from '../domains/alarms/alarm/alarm-seed';
import { messageKeys, translate } from './messages';

/** Each text of a table of names that is missing, empty or in another script. */
function problems(table: string, rows: [string, Names | undefined][]): string[] {
  return rows.flatMap(([key, names]) =>
    LANGS.flatMap((lang) => {
      const text = names?.[lang];
      const problem = text === undefined ? 'missing' : scriptProblem(lang, text);
      return problem ? [`${table} ${key} ${lang}: ${problem} (${text})`] : [];
    }),
  );
}

const menuNames = (items: SeedMenu[]): [string, Names][] =>
  items.flatMap((m) => [
    [m.code, m.names] as [string, Names],
    ...(m.buttons ?? []).map((b) => [b.code, b.names] as [string, Names]),
    ...menuNames(m.children ?? []),
  ]);

describe('server texts and built-in names in four languages', () => {
  it('server messages', () => {
    const rows = messageKeys.map((k): [string, Names] => [
      k,
      Object.fromEntries(LANGS.map((l) => [l, translate(l, k)])) as Names,
    ]);
    expect(problems('message', rows)).toEqual([]);
  });

  it('built-in names: device types, meter roles, models and their points, menus, action names', () => {
    const found = [
      ...problems('deviceType', Object.entries(DEVICE_TYPE_NAMES)),
      ...problems('meterRole', Object.entries(METER_ROLE_NAMES)),
      ...problems('action', Object.entries(ACTION_NAMES)),
      ...problems('commandKind', Object.entries(COMMAND_KIND_NAMES)),
      ...problems('logEvent', Object.entries(LOG_EVENT_NAMES)),
      ...problems('menu', menuNames(SEED_MENU)),
      ...DEVICE_MODELS.flatMap((m) => [
        ...problems('model', [[m.code, m.names]]),
        ...problems(
          `model ${m.code}`,
          m.points.flatMap((p) => [
            [p.code, p.names] as [string, Names],
            ...Object.entries(p.states ?? {}).map(([v, names]) => [`${p.code}=${v}`, names] as [string, Names]),
          ]),
        ),
      ]),
    ];
    expect(found).toEqual([]);
  });

  it('seeded dictionaries: type descriptions and item labels', () => {
    const rows = SEED_DICTS.flatMap((d) => [
      [d.type, d.descriptions] as [string, Names],
      ...d.items.map((i): [string, Names] => [`${d.type}.${i.key}`, i.labels]),
    ]);
    expect(problems('dict', rows)).toEqual([]);
  });

  it('seeded rate templates, built-in sequence templates and their steps', () => {
    const templates: [string, Names][] = [
      ['TOU-EXAMPLE', EXAMPLE_TOU_NAMES],
      ...PROVINCE_TOU_TEMPLATES.map((t): [string, Names] => [t.code, t.names]),
    ];
    expect(problems('rateTemplate', templates)).toEqual([]);
    const sequences = BUILT_IN_SEQUENCES.map((t, i): [string, Names] => [`builtIn${i + 1}`, t.names]);
    expect(problems('sequenceTemplate', sequences)).toEqual([]);
    const steps = BUILT_IN_SEQUENCES.flatMap((t, i) =>
      t.steps.map((s, j): [string, Names] => [`builtIn${i + 1}.step${j + 1}`, s.names]),
    );
    expect(problems('sequenceStep', steps)).toEqual([]);
  });

  it('seeded devices of every demo station and the seeded alarm definitions', () => {
    const devices = SEED_STATIONS.flatMap((st) => {
      const layout = stationLayout(st);
      return [
        ...layout.devices.map((d): [string, Names] => [d.sn, d.names]),
        ...(layout.virtual ? [[layout.virtual.sn, layout.virtual.names] as [string, Names]] : []),
      ];
    });
    expect(devices.length).toBeGreaterThan(SEED_STATIONS.length);
    expect(problems('device', devices)).toEqual([]);
    const definitions = defaultDefinitions().map((d): [string, Names] => [d.seedKey, d.names]);
    expect(definitions.length).toBeGreaterThan(0);
    expect(problems('alarmDefinition', definitions)).toEqual([]);
  });

  it('seeded roles: names and descriptions', () => {
    const rows = Object.entries(SEED_ROLE_NAMES).flatMap(([code, r]): [string, Names][] => [
      [`${code}.name`, r.names],
      [`${code}.description`, r.descriptions],
    ]);
    expect(problems('role', rows)).toEqual([]);
  });

  it('seeded organisations', () => {
    expect(
      problems(
        'org',
        SEED_ORGS.map((o): [string, Names] => [o.code, o.names]),
      ),
    ).toEqual([]);
  });
});
