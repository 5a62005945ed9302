import type { Lang } from '../i18n';

/**
 * Refusals of the dynamic page configuration (joined into the catalogue of catalogue.ts).
 */
export const pageConfigMessages = {
  pageConfigMenuNotFound: {
    zh_CN: '菜单 {permissionId} 不存在或无权访问',
    en_US: 'Menu {permissionId} does not exist or is not accessible',
    es_ES: 'El menú {permissionId} no existe o no es accesible',
    ja_JP: 'メニュー {permissionId} は存在しないか、アクセスできません',
  },
  pageConfigPointMismatch: {
    zh_CN: '测点 {flgId} 不属于设备 {deviceId}',
    en_US: 'Point {flgId} does not belong to device {deviceId}',
    es_ES: 'El punto {flgId} no pertenece al equipo {deviceId}',
    ja_JP: '計測点 {flgId} は機器 {deviceId} に属していません',
  },
} satisfies Record<string, Record<Lang, string>>;
