import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const es_ES: LocaleShape<typeof zh_CN> = {
  systemLog: {
    title: 'Registros',
    tabs: { operation: 'Registro de operaciones', clientErrors: 'Errores del cliente' },
    search: 'Buscar',
    range: 'Intervalo',
    total_one: '{{count}} entrada',
    total_other: '{{count}} entradas',
    col: {
      time: 'Hora',
      timeIn: 'Hora ({{zone}})',
      name: 'Nombre',
      user: 'Usuario',
      ip: 'IP',
      method: 'Método',
      methodName: 'Nombre del método',
      params: 'Parámetros',
      duration: 'Duración',
      result: 'Resultado',
      kind: 'Tipo',
      message: 'Mensaje',
      page: 'Página',
      release: 'Versión',
    },
    result: { all: 'Todos los resultados', success: 'Correcto', failure: 'Fallo' },
    kind: {
      all: 'Todos los tipos',
      render: 'Error de renderizado',
      error: 'Error no capturado',
      unhandledRejection: 'Promesa rechazada sin tratar',
      chunkLoad: 'No se pudo cargar el código',
    },
    stack: 'Pila',
    userAgent: 'Navegador',
    anonymous: 'Sin sesión',
    ms: '{{value}} ms',
    filter: { name: 'Nombre o método', allMethods: 'Todos los métodos' },
    exportName: 'Registro de operaciones',
    exportHint: 'Excel del filtro actual, lo más reciente primero, como máximo {{max}} filas',
  },
};
