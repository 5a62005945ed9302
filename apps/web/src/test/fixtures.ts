import type { StationNode, StationTree } from '@ess/contract';

/** A station as the station list gives it: a Jiangsu station `Station <id>`, with any field replaced. */
export const stationNode = (id: number, over: Partial<Omit<StationNode, 'kind' | 'id'>> = {}): StationNode => ({
  kind: 'station',
  id,
  code: `JS-${id}`,
  name: `Station ${id}`,
  address: null,
  provinceCode: '32',
  province: 'Jiangsu',
  city: null,
  ratedPowerKw: 1000,
  capacityKwh: 2000,
  gridConnectionTime: null,
  type: 'operating',
  longitude: 120,
  latitude: 31,
  timezone: 'Asia/Shanghai',
  contact: null,
  phone: null,
  orgId: 1,
  showWeather: false,
  forceChinese: false,
  ...over,
});

/** The station list with these stations under one province (Jiangsu), in this order. */
export const stationTreeOf = (...stations: StationNode[]): StationTree => [
  { kind: 'province', id: 'province:32', code: '32', name: 'Jiangsu', children: stations },
];
