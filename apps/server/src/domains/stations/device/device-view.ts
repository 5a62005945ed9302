import {
  DEVICE_TYPE_NAMES,
  type DeviceLatest,
  type Lang,
  type LatestValue,
  names,
  type PointData,
  type PointInfo,
  type PointMeta,
  type VirtualDevice,
  type VirtualPoint,
} from '@ess/contract';
import { localName, rowName, stateLabels, stateText } from './local-name';
import type { LoadedDevice, LoadedPoint, PointRow } from './station-devices';

/** How the API shows devices and points: names in the request's language, epoch ms times. */

export const typeName = (type: LoadedDevice['type'], lang: Lang): string => DEVICE_TYPE_NAMES[type][lang];

export const pointMeta = (p: PointRow, lang: Lang): PointMeta => ({
  code: p.code,
  name: localName(p.names, lang, p.code),
  unit: p.unit,
  kind: p.kind,
  precision: p.precision,
  min: p.min,
  max: p.max,
  counter: p.counter,
  states: stateLabels(p.states, lang),
  limit: p.limit,
});

export const pointInfo = (p: PointRow, lang: Lang): PointInfo => ({ id: p.id, ...pointMeta(p, lang) });

export const latestValue = (p: LoadedPoint, lang: Lang): LatestValue | null =>
  p.latest ? { value: p.latest.value, ts: p.latest.ts, text: stateText(p.states, p.latest.value, lang) } : null;

export const pointData = (p: LoadedPoint, lang: Lang): PointData => ({
  id: p.id,
  code: p.code,
  name: localName(p.names, lang, p.code),
  unit: p.unit,
  kind: p.kind,
  precision: p.precision,
  value: p.latest?.value ?? null,
  ts: p.latest?.ts ?? null,
  text: p.latest ? stateText(p.states, p.latest.value, lang) : null,
});

export function deviceLatest(d: LoadedDevice, lang: Lang): DeviceLatest {
  // No prototype: a code never reads an inherited member (codes are checked, this is the net).
  const values: DeviceLatest['values'] = Object.create(null);
  for (const p of d.points) {
    const v = latestValue(p, lang);
    if (v) values[p.code] = v;
  }
  return {
    id: d.id,
    sn: d.sn,
    name: rowName(d, lang),
    type: d.type,
    status: d.status,
    parentId: d.parentId,
    lastSeenAt: d.lastSeenAt?.getTime() ?? null,
    values,
  };
}

const allNames = (p: LoadedPoint) => {
  const l = (lang: Lang) => localName(p.names, lang, p.code);
  return names(l('zh_CN'), l('en_US'), l('es_ES'), l('ja_JP'));
};

export const virtualPoint = (p: LoadedPoint, lang: Lang): VirtualPoint => ({
  id: p.id,
  code: p.code,
  name: localName(p.names, lang, p.code),
  names: allNames(p),
  unit: p.unit,
  precision: p.precision,
  formula: p.formula ?? '',
  value: p.latest?.value ?? null,
  ts: p.latest?.ts ?? null,
});

export const virtualDevice = (d: LoadedDevice, lang: Lang): VirtualDevice => ({
  id: d.id,
  stationId: d.stationId,
  sn: d.sn,
  name: rowName(d, lang),
  createTime: d.createTime.getTime(),
  updateTime: d.updateTime.getTime(),
  points: d.points.map((p) => virtualPoint(p, lang)),
});
