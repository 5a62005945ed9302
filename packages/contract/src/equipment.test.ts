import { describe, expect, it } from 'vitest';
import {
  deviceModelBody,
  duplicatePointCodes,
  equipmentAddBody,
  fillNames,
  MODEL_DEVICE_TYPES,
  modelPointInput,
  modelPointProblem,
} from './equipment';

const point = { code: 'p', names: { zh_CN: '功率' }, kind: 'telemetry', precision: 1 } as const;

describe('equipment rules', () => {
  it('models are of every device type but virtual', () => {
    expect(MODEL_DEVICE_TYPES).not.toContain('virtual');
    expect(deviceModelBody.safeParse({ code: 'M', names: { zh_CN: 'm' }, deviceType: 'virtual' }).success).toBe(false);
  });

  it('point codes: a letter first, letters, digits and _, no Object.prototype names', () => {
    for (const code of ['p', 'cellVmax', 'e_1'])
      expect(modelPointInput.safeParse({ ...point, code }).success).toBe(true);
    for (const code of ['', '1p', 'a-b', 'constructor', 'hasOwnProperty', '__proto__', 'x'.repeat(65)])
      expect(modelPointInput.safeParse({ ...point, code }).success, code).toBe(false);
  });

  it('point problems: range order, counters on telemetry, states on status and control', () => {
    const p = (over: object) => modelPointInput.parse({ ...point, ...over });
    expect(modelPointProblem(p({}))).toBeNull();
    expect(modelPointProblem(p({ min: 2, max: 1 }))).toBe('minMax');
    expect(modelPointProblem(p({ min: 1, max: 1 }))).toBeNull();
    expect(modelPointProblem(p({ kind: 'setpoint', counter: true }))).toBe('counterKind');
    expect(modelPointProblem(p({ states: { '1': { zh_CN: '开' } } }))).toBe('statesKind');
    expect(modelPointProblem(p({ kind: 'control', states: { '1': { zh_CN: '开' } } }))).toBeNull();
  });

  it('finds repeated codes with their positions', () => {
    expect([...duplicatePointCodes(['a', 'b', 'a', 'c', 'a'])]).toEqual([['a', [1, 3, 5]]]);
    expect(duplicatePointCodes(['a', 'b']).size).toBe(0);
  });

  it('names fall back to Chinese', () => {
    expect(fillNames({ zh_CN: '电表', en_US: 'Meter', es_ES: undefined, ja_JP: undefined })).toEqual({
      zh_CN: '电表',
      en_US: 'Meter',
      es_ES: '电表',
      ja_JP: '电表',
    });
  });

  it('serials are MQTT topic segments', () => {
    const body = { stationId: 1, modelId: 1, name: 'x' };
    expect(equipmentAddBody.safeParse({ ...body, sn: 'JS-SZ01-PCS-9' }).success).toBe(true);
    for (const sn of ['', '-x', 'a/b', 'a+b', 'a#', 'x'.repeat(65)])
      expect(equipmentAddBody.safeParse({ ...body, sn }).success, sn).toBe(false);
  });
});
