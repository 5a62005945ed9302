import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const en_US: LocaleShape<typeof zh_CN> = {
  largeScreen: {
    title: {
      fleet: 'Energy storage fleet monitoring',
      province: '{{province}} · storage stations',
      station: '{{name}}',
    },
    back: 'Back one level',
    toFleet: 'Whole country',
    fullscreen: 'Full screen',
    exitFullscreen: 'Exit full screen',
    viewerClock: 'This computer ({{zone}})',
    updated: 'Updated {{ago}}',
    loadFailed: 'The screen data could not be loaded; retrying shortly',
    empty: 'No stations in this account’s scope',
    kpi: {
      stations: 'Stations',
      stationsNote: '{{count}} in operation',
      capacity: 'Installed capacity',
      ratedNote: 'Rated power {{value}}',
      power: 'Storage power now',
      charging: 'Charging',
      discharging: 'Discharging',
      idle: 'Idle',
      charge: 'Charged today',
      discharge: 'Discharged today',
      revenue: 'Revenue today',
      otherCurrency: '{{count}} more stations earn in {{currency}}',
      carbon: 'CO₂ avoided today',
      carbonNote: 'PV generation × grid emission factor',
      today: 'Today so far',
      dischargeable: '{{value}} to discharge',
    },
    online: {
      title: 'Stations online',
      detail: '{{online}} of {{total}} stations in operation online',
      none: 'No station in operation',
    },
    map: {
      title: 'Where the stations are',
      openProvince: 'Show the stations of {{province}}',
      openStation: 'Open station {{name}}',
      offMap: '{{count}} stations lie outside the map',
      group: '{{count}} stations close together: {{names}}',
    },
    ticker: {
      title: 'Live alarms',
      none: 'No active alarms',
      line: '{{station}} · {{device}} · {{name}}',
    },
    list: {
      title: 'Stations ({{count}})',
    },
    ranking: {
      title: 'Discharged today, by station',
      none: 'Nothing discharged yet today',
    },
    station: {
      flow: 'Energy flow',
      curve: 'Power today',
      soc: 'SOC',
      status: 'Station status',
      clock: 'Station time ({{zone}})',
      noCurve: 'No power data yet today',
      noFlow: 'The station reports no live data',
      overview: 'Station',
      devices: 'Devices online',
      devicesValue: '{{online}} / {{total}}',
    },
  },
};
