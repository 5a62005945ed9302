import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const es_ES: LocaleShape<typeof zh_CN> = {
  remoteFiles: {
    subtitle:
      'Archivos de configuración y registro de la estación: enviados a un equipo, que responde su suma de control, o traídos de él',
    noStation: 'Elija primero una estación',
    files: 'Archivos',
    transfers: 'Transferencias',
    upload: 'Subir archivo',
    uploadHint: 'Como máximo 50 MB',
    uploaded: 'Archivo subido',
    name: 'Nombre',
    size: 'Tamaño',
    sha256: 'SHA-256',
    source: 'Origen',
    fromDevice: 'Equipo {{sn}}',
    uploadedAt: 'Hora',
    download: 'Descargar',
    push: 'Enviar al equipo',
    pull: 'Traer del equipo',
    device: 'Equipo',
    path: 'Ruta en el equipo',
    pathHint: 'Letras, dígitos y / . _ -; log para el registro del equipo',
    pushTitle: 'Enviar {{name}}',
    pullTitle: 'Traer un archivo de un equipo',
    started: 'Enviado: esperando la respuesta del equipo',
    direction: { push: 'Envío', pull: 'Lectura' },
    state: {
      pending: 'Pendiente',
      sent: 'Enviado',
      success: 'Éxito',
      failure: 'Fallo',
      timeout: 'Agotado',
      cancelled: 'Cancelado',
    },
    stateTitle: 'Estado',
    checksum: 'Suma de control',
    checksumMatch: 'Coincide',
    by: 'Por',
    message: 'Mensaje',
  },
};
