import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const es_ES: LocaleShape<typeof zh_CN> = {
  largeScreen: {
    title: {
      fleet: 'Supervisión de la flota de almacenamiento',
      province: '{{province}} · centrales de almacenamiento',
      station: '{{name}}',
    },
    back: 'Volver un nivel',
    toFleet: 'Todo el país',
    fullscreen: 'Pantalla completa',
    exitFullscreen: 'Salir de pantalla completa',
    viewerClock: 'Este equipo ({{zone}})',
    updated: 'Actualizado {{ago}}',
    loadFailed: 'No se pudieron cargar los datos de la pantalla; se reintentará en breve',
    empty: 'No hay centrales en el ámbito de esta cuenta',
    kpi: {
      stations: 'Centrales',
      stationsNote: '{{count}} en operación',
      capacity: 'Capacidad instalada',
      ratedNote: 'Potencia nominal {{value}}',
      power: 'Potencia de almacenamiento actual',
      charging: 'Cargando',
      discharging: 'Descargando',
      idle: 'En reposo',
      charge: 'Cargado hoy',
      discharge: 'Descargado hoy',
      revenue: 'Ingresos de hoy',
      otherCurrency: '{{count}} centrales más ingresan en {{currency}}',
      carbon: 'CO₂ evitado hoy',
      carbonNote: 'Generación FV × factor de emisión de la red',
      today: 'Hoy hasta ahora',
      dischargeable: '{{value}} por descargar',
    },
    online: {
      title: 'Centrales en línea',
      detail: '{{online}} de {{total}} centrales en operación en línea',
      none: 'Ninguna central en operación',
    },
    map: {
      title: 'Ubicación de las centrales',
      openProvince: 'Ver las centrales de {{province}}',
      openStation: 'Abrir la central {{name}}',
      offMap: '{{count}} centrales quedan fuera del mapa',
      group: '{{count}} centrales muy próximas: {{names}}',
    },
    ticker: {
      title: 'Alarmas en directo',
      none: 'No hay alarmas activas',
      line: '{{station}} · {{device}} · {{name}}',
    },
    list: {
      title: 'Centrales ({{count}})',
    },
    ranking: {
      title: 'Descargado hoy, por central',
      none: 'Aún no se ha descargado nada hoy',
    },
    station: {
      flow: 'Flujo de energía',
      curve: 'Potencia de hoy',
      soc: 'SOC',
      status: 'Estado de la central',
      clock: 'Hora de la central ({{zone}})',
      noCurve: 'Aún no hay datos de potencia hoy',
      noFlow: 'La central no envía datos en directo',
      overview: 'Central',
      devices: 'Equipos en línea',
      devicesValue: '{{online}} / {{total}}',
    },
  },
};
