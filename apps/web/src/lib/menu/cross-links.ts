import { ORDER_TYPES, type OrderType, orderDetailPath, WORKORDER_LIMITS } from '@ess/contract';

/**
 * Links from one feature's page to another's. Features never import each other, so the path a
 * link opens and the query that page reads are written once here, for both sides.
 */

/** A row id from the query, else null (an id typed by hand may be anything). */
export function idParam(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  return raw !== null && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/** One work order's detail page (the contract's: the server's to-do and SLA messages link it too). */
export const orderDetailLink = orderDetailPath;

/** What the new-order form starts with when opened from elsewhere (an alarm row). */
export type NewOrderPrefill = {
  stationId?: number;
  deviceId?: number;
  alarmEventId?: number;
  title?: string;
  orderType?: OrderType;
};

const NEW_ORDER_PATH = '/operational-inspection/add-task';
const title = (text: string) => text.trim().slice(0, WORKORDER_LIMITS.title);

/** The new-order form with fields filled in. */
export function newOrderLink(p: NewOrderPrefill): string {
  const q = new URLSearchParams();
  if (p.stationId !== undefined) q.set('stationId', String(p.stationId));
  if (p.deviceId !== undefined) q.set('deviceId', String(p.deviceId));
  if (p.alarmEventId !== undefined) q.set('alarmEventId', String(p.alarmEventId));
  if (p.orderType !== undefined) q.set('orderType', String(p.orderType));
  if (p.title) q.set('title', title(p.title));
  const query = q.toString();
  return query ? `${NEW_ORDER_PATH}?${query}` : NEW_ORDER_PATH;
}

/** What the new-order form reads from its query: only well-formed values, the rest left out. */
export function readNewOrderPrefill(params: URLSearchParams): NewOrderPrefill {
  const p: NewOrderPrefill = {};
  const stationId = idParam(params, 'stationId');
  const deviceId = idParam(params, 'deviceId');
  const alarmEventId = idParam(params, 'alarmEventId');
  const orderType = ORDER_TYPES.find((t) => String(t) === params.get('orderType'));
  const text = title(params.get('title') ?? '');
  if (stationId !== null) p.stationId = stationId;
  if (deviceId !== null) p.deviceId = deviceId;
  if (alarmEventId !== null) p.alarmEventId = alarmEventId;
  if (orderType !== undefined) p.orderType = orderType;
  if (text) p.title = text;
  return p;
}

const ALARM_PARAM = 'alarm';

/** One alarm: the alarm history with that alarm's detail open. */
export const alarmLink = (id: number) => `/alarm/history?${ALARM_PARAM}=${id}`;

/** The alarm a history link asks to open, else null. */
export const linkedAlarm = (params: URLSearchParams) => idParam(params, ALARM_PARAM);

/** The history's query without the alarm link (its detail was closed). */
export function withoutAlarmLink(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(ALARM_PARAM);
  return next;
}
