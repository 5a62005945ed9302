import { z } from 'zod';
import { dictType } from '../dict';
import { emptyBody } from '../envelope';
import { exclusiveMenuBody, menuItem } from '../menu';
import { platformInfo } from '../platform';
import { stationIdBody, stationTree } from '../station';
import { weatherResult } from '../weather';
import { endpointGroup } from './endpoint';

/** What the signed-in frame loads: menus, dictionaries, stations, weather. */
export const shellApi = /*#__PURE__*/ endpointGroup('shell', {
  exclusiveMenu: {
    method: 'POST',
    path: '/sys/permission/per/exclusiveMenu',
    body: exclusiveMenuBody,
    response: z.array(menuItem),
    access: { station: 'stationId', screen: true },
    summary: "The caller's PC menu tree for a station (or for none)",
  },
  dictTypeAll: {
    method: 'POST',
    path: '/sys/dict/typeAll',
    body: emptyBody,
    response: z.array(dictType),
    access: { screen: true },
    summary: 'Every dictionary type with its items, labels in the request language',
  },
  stationTree: {
    method: 'POST',
    path: '/business/station',
    body: emptyBody,
    response: stationTree,
    access: { screen: true },
    summary: "The caller's stations as a province → station tree",
  },
  platformInfo: {
    method: 'GET',
    path: '/sys/platform/info',
    response: platformInfo,
    access: { screen: true },
    summary: 'What this platform runs: its version, and which stations the built-in simulator feeds',
  },
  stationWeather: {
    method: 'POST',
    path: '/media/weather/stationWeatherInfo',
    body: stationIdBody,
    response: weatherResult,
    access: { station: 'stationId', screen: true },
    summary: "Today's weather at a station (null where the station shows none)",
  },
});
