/**
 * Live push over the WebSocket `GET /api/ws` (docs/api.md "Live socket"). The browser cannot send
 * an Authorization header on a WebSocket, so the first message authenticates:
 *
 *   client → {type:"auth", token}            within LIVE_AUTH_TIMEOUT_MS, else closed (4000)
 *   server → {type:"ready"}
 *   client → {type:"subscribe", stationId}    one station at a time; a new one replaces it
 *   server → {type:"snapshot"} then `latest` (≤ 1 per second per device), `deviceStatus`, `summary`
 *   server → {type:"sequence"}                a sequential control run of the subscribed station changed
 *   server → {type:"command"}                 a command to a device of the subscribed station was sent or settled
 *   server → {type:"messages"}                from `ready` on, whatever the subscription: the user's
 *                                             received messages changed (refetch the unread count)
 *   server → {type:"revoked", stationId}      the user's rights no longer cover the subscribed station:
 *                                             it is unsubscribed (the socket stays)
 * When the user's rights change, sockets re-check at once; a session that ended closes (4002/4003).
 */
import { z } from 'zod';
import { commandRow } from './command';
import { DEVICE_STATUSES, DEVICE_TYPES } from './device';
import { LANGS } from './i18n';
import { rowId } from './ids';
import { sequenceRun } from './sequence';

export const LIVE_PATH = '/api/ws';
export const LIVE_AUTH_TIMEOUT_MS = 5_000;
/** At most one `latest` per device (and one `summary`) per this interval; newest values win. */
export const LIVE_COALESCE_MS = 1_000;
/** Server pings this often; a socket that did not answer the previous ping is dropped. */
export const LIVE_PING_MS = 30_000;
/**
 * Every socket's session and station scope are re-checked this often besides at each rights
 * change (a safety net for rows changed behind the app's back): an expired or revoked session
 * closes the socket, a station out of scope is dropped (`revoked`).
 */
export const LIVE_SESSION_CHECK_MS = 15_000;
/** The web polls this often while the socket is down. */
export const LIVE_POLL_MS = 10_000;

/** Close codes of the live socket (4000–4999 are the application's range). */
export const LIVE_CLOSE = {
  /** No `auth` message within LIVE_AUTH_TIMEOUT_MS. */
  AUTH_TIMEOUT: 4000,
  /** The first message was not `auth`, or not valid JSON of this protocol. */
  AUTH_REQUIRED: 4001,
  /** The session expired (idle or absolute limit; HTTP code 401001). */
  SESSION_EXPIRED: 4002,
  /** Unknown, revoked or logged-out token (HTTP code 401002). */
  SESSION_INVALID: 4003,
} as const;

/** Codes after which reconnecting with the same token is pointless. */
export const LIVE_SESSION_CLOSE_CODES: readonly number[] = [LIVE_CLOSE.SESSION_EXPIRED, LIVE_CLOSE.SESSION_INVALID];

/** The station totals, signs of domain.md: storage > 0 discharge, grid > 0 import. kW and %. */
export const stationSummary = z.object({
  stationId: z.number().int(),
  /** Newest sample time among the values, null before any data. */
  ts: z.number().int().nullable(),
  storagePower: z.number().nullable(),
  soc: z.number().nullable(),
  pvPower: z.number().nullable(),
  loadPower: z.number().nullable(),
  gridPower: z.number().nullable(),
  chargerPower: z.number().nullable(),
});
export type StationSummary = z.infer<typeof stationSummary>;
export const SUMMARY_CODES = ['storagePower', 'soc', 'pvPower', 'loadPower', 'gridPower', 'chargerPower'] as const;
export type SummaryCode = (typeof SUMMARY_CODES)[number];

/** Values by point code. */
export const liveValues = z.record(z.string(), z.object({ value: z.number(), ts: z.number().int() }));
export type LiveValues = z.infer<typeof liveValues>;

export const liveClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(512), lang: z.enum(LANGS).optional() }),
  z.object({ type: z.literal('subscribe'), stationId: rowId }),
  z.object({ type: z.literal('unsubscribe') }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientMessage = z.input<typeof liveClientMessage>;

export const liveSnapshotDevice = z.object({
  deviceId: z.number().int(),
  sn: z.string(),
  name: z.string(),
  type: z.enum(DEVICE_TYPES),
  status: z.enum(DEVICE_STATUSES),
  values: liveValues,
});

/** What changed in a station's alarms (live `alarm` message). */
export const ALARM_CHANGES = ['raised', 'recovered', 'confirmed'] as const;
export type AlarmChange = (typeof ALARM_CHANGES)[number];

export const liveServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), userId: z.number().int() }),
  z.object({
    type: z.literal('snapshot'),
    stationId: z.number().int(),
    ts: z.number().int(),
    devices: z.array(liveSnapshotDevice),
    summary: stationSummary,
  }),
  z.object({ type: z.literal('latest'), stationId: z.number().int(), deviceId: z.number().int(), values: liveValues }),
  z.object({
    type: z.literal('deviceStatus'),
    stationId: z.number().int(),
    deviceId: z.number().int(),
    online: z.boolean(),
    at: z.number().int(),
  }),
  z.object({ type: z.literal('summary'), stationId: z.number().int(), summary: stationSummary }),
  /** Alarms of the station were raised, recovered or confirmed; `count` is its unconfirmed count now. */
  z.object({
    type: z.literal('alarm'),
    stationId: z.number().int(),
    change: z.enum(ALARM_CHANGES),
    eventIds: z.array(z.number().int()),
    count: z.number().int(),
  }),
  /** A sequential control run of the station started, moved on a step, or ended (the whole run, as runDetail). */
  z.object({ type: z.literal('sequence'), stationId: z.number().int(), run: sequenceRun }),
  /** A command to a device of the station was sent or settled (the whole row; message in the socket's language). */
  z.object({ type: z.literal('command'), stationId: z.number().int(), command: commandRow }),
  /** The user's received messages changed (one started or ended playing, was deleted or read): refetch. */
  z.object({ type: z.literal('messages') }),
  z.object({ type: z.literal('unsubscribed') }),
  /** The user's rights no longer cover the subscribed station (a role, grant or station changed): unsubscribed. */
  z.object({ type: z.literal('revoked'), stationId: z.number().int() }),
  /** A refused request (bad message, station out of scope); the socket stays open. */
  z.object({ type: z.literal('error'), code: z.number().int(), msg: z.string() }),
  z.object({ type: z.literal('pong'), ts: z.number().int() }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessage>;
