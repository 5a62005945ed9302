import {
  ALARM_DETAIL_WINDOW_MS,
  ALARM_EXPORT_MAX_ROWS,
  type AlarmConfirmBody,
  type AlarmEvent,
  type AlarmEventDetail,
  type AlarmEventPage,
  type AlarmHistoryExportBody,
  type AlarmHistoryPageBody,
  type AlarmListRow,
  type AlarmRealtimePageBody,
  type Lang,
  localDateTime,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { translate } from '../../../i18n/messages';
import { stationIdsInScope } from '../../../kernel/station-scope.service';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { businessWarning, notFound } from '../../../lib/app-error';
import type { FileAnswer } from '../../../lib/endpoint-route';
import { zonedHeader } from '../../../lib/export-file';
import type { SessionUser } from '../../../lib/types';
import { findUserById } from '../../access/user';
import { localName } from '../../stations/device';
import type { PointCurveService } from '../../stations/point';
import { pointsByCodes } from '../../stations/point';
import { ordersOfAlarms } from '../../workorder/order';
import { toLevel } from './alarm-definition.repository';
import {
  confirmEvents,
  type EventPage,
  findEvent,
  historyPage,
  historyRows,
  realtimePage,
  type StoredEvent,
  stationsOfEvents,
} from './alarm-event.repository';
import { alarmContent } from './alarm-rules';
import { unconfirmedCount } from './alarm-store.repository';
import { pushChanges } from './alarm-writer';
import { deviationText } from './deviation-text';

/** A number as the point shows it: its precision, then its unit. */
function shown(v: number | null, precision: number | null, unit: string | null): string {
  if (v === null) return '';
  const n = precision === null ? String(v) : String(Number(v.toFixed(Math.max(0, Math.min(precision, 6)))));
  return unit ? `${n} ${unit}` : n;
}

/** A stored event in the reader's language: names, and the content with its placeholders filled. */
export function toAlarmEvent(r: StoredEvent, lang: Lang): AlarmEvent {
  const pointName = r.pointCode ? localName(r.pointNames, lang, r.pointCode) : null;
  const deviceName = r.deviceName === null ? null : localName(r.deviceNames, lang, r.deviceName);
  const device = deviceName ?? '';
  const content =
    r.kind === 'offline'
      ? translate(lang, 'alarmDeviceOffline', { device })
      : r.kind === 'lost'
        ? translate(lang, 'alarmStationLost', { station: r.stationName })
        : r.kind === 'deviation'
          ? deviationText(lang, r.stationName, r.value, r.limit)
          : alarmContent(r.content, {
              device,
              point: pointName ?? '',
              value: shown(r.value, r.pointPrecision, r.pointUnit),
              limit: shown(r.limit, null, r.pointUnit),
              station: r.stationName,
            });
  return {
    id: r.id,
    stationId: r.stationId,
    stationName: r.stationName,
    deviceId: r.deviceId,
    deviceName,
    deviceType: r.deviceType,
    kind: r.kind,
    definitionId: r.definitionId,
    pointCode: r.pointCode,
    pointName,
    value: r.value,
    limit: r.limit,
    level: toLevel(r.level),
    content,
    raisedAt: r.raisedAt.getTime(),
    recoveredAt: r.recoveredAt?.getTime() ?? null,
    confirmed: r.confirmed,
    confirmer: r.confirmer,
    confirmedAt: r.confirmedAt?.getTime() ?? null,
    remark: r.remark,
  };
}

/** A list page in the reader's language, each row with its work order (the order module's answer). */
async function toPage(db: Db, p: EventPage, lang: Lang): Promise<AlarmEventPage> {
  const ids = p.rows.map((r) => r.id);
  const orders = await ordersOfAlarms(db, ids);
  const rows = p.rows.map((r): AlarmListRow => ({ ...toAlarmEvent(r, lang), workOrder: orders.get(r.id) ?? null }));
  return { rows, total: p.total };
}

/** Alarm events of stations in the caller's scope: count, lists, export, detail, confirmation. */
export class AlarmEventService {
  constructor(
    private readonly db: Db,
    private readonly bus: TelemetryBus,
    private readonly curves: PointCurveService,
    private readonly now: () => number = Date.now,
  ) {}

  /** The station's unconfirmed alarms (the route checked the station's scope). */
  count(stationId: number): Promise<number> {
    return unconfirmedCount(this.db, stationId);
  }

  async realtime(b: AlarmRealtimePageBody, lang: Lang): Promise<AlarmEventPage> {
    return toPage(this.db, await realtimePage(this.db, b.stationId, b.pageNum, b.pageSize), lang);
  }

  async history(b: AlarmHistoryPageBody, lang: Lang): Promise<AlarmEventPage> {
    return toPage(this.db, await historyPage(this.db, b), lang);
  }

  async export(b: AlarmHistoryExportBody, lang: Lang): Promise<FileAnswer> {
    const { format, ...filter } = b;
    const rows = await historyRows(this.db, filter, ALARM_EXPORT_MAX_ROWS);
    if (rows.length === 0) throw businessWarning('exportNoData');
    const tz = rows[0]?.timezone ?? 'Asia/Shanghai';
    const t = (key: Parameters<typeof translate>[1]) => translate(lang, key);
    const time = (ms: number | null | undefined) => (ms == null ? null : localDateTime(ms, tz));
    const levels = { 1: t('alarmLevel1'), 2: t('alarmLevel2'), 3: t('alarmLevel3'), 4: t('alarmLevel4') } as const;
    const zoned = (key: Parameters<typeof translate>[1]) => zonedHeader(t(key), tz, b.from, b.to);
    return {
      format,
      name: `${t('alarmExportName')}-${rows[0]?.stationName ?? ''}`,
      sheets: [
        {
          name: t('alarmExportSheet'),
          columns: [
            { key: 'raised', header: zoned('alarmExportRaised'), width: 34 },
            { key: 'level', header: t('alarmExportLevel') },
            { key: 'station', header: t('alarmExportStation'), width: 20 },
            { key: 'device', header: t('alarmExportDevice'), width: 20 },
            { key: 'deviceType', header: t('alarmExportDeviceType') },
            { key: 'point', header: t('alarmExportPoint'), width: 18 },
            { key: 'value', header: t('alarmExportValue') },
            { key: 'content', header: t('alarmExportContent'), width: 40 },
            { key: 'status', header: t('alarmExportStatus') },
            { key: 'recovered', header: zoned('alarmExportRecovered'), width: 34 },
            { key: 'confirmed', header: t('alarmExportConfirmed') },
            { key: 'confirmer', header: t('alarmExportConfirmer') },
            { key: 'confirmedAt', header: zoned('alarmExportConfirmedAt'), width: 34 },
            { key: 'remark', header: t('alarmExportRemark'), width: 30 },
          ],
          rows: rows.map((r) => {
            const e = toAlarmEvent(r, lang);
            return {
              raised: time(e.raisedAt),
              level: levels[e.level],
              station: e.stationName,
              device: e.deviceName,
              deviceType: e.deviceType,
              point: e.pointName,
              value: e.value,
              content: e.content,
              status: e.recoveredAt === null ? t('alarmStateActive') : t('alarmStateRecovered'),
              recovered: time(e.recoveredAt),
              confirmed: e.confirmed ? t('alarmConfirmedYes') : t('alarmConfirmedNo'),
              confirmer: e.confirmer,
              confirmedAt: time(e.confirmedAt),
              remark: e.remark,
            };
          }),
        },
      ],
    };
  }

  /** One event with its point's curve around the raise time; an event outside the scope is 404. */
  async detail(user: SessionUser, id: number, lang: Lang): Promise<AlarmEventDetail> {
    const row = await findEvent(this.db, id);
    if (!row || !(await stationIdsInScope(this.db, user)).includes(row.stationId)) {
      throw notFound('alarmEventNotFound');
    }
    const event = toAlarmEvent(row, lang);
    if (row.deviceId === null || row.pointCode === null) return { event, curve: null };
    const { found } = await pointsByCodes(this.db, row.deviceId, [row.pointCode]);
    const point = found[0];
    if (!point) return { event, curve: null };
    const from = event.raisedAt - ALARM_DETAIL_WINDOW_MS;
    const to = Math.min(event.raisedAt + ALARM_DETAIL_WINDOW_MS, Math.max(this.now(), event.raisedAt + 1));
    const [series] = await this.curves.series([{ deviceId: row.deviceId, point }], from, to, row.timezone, lang);
    return { event, curve: series ? { from, to, series } : null };
  }

  /**
   * Confirms events with a remark, all or none: an id that does not exist or whose station is
   * outside the caller's scope is 404 and nothing is confirmed. Already confirmed ones keep their
   * first confirmation.
   */
  async confirm(user: SessionUser, b: AlarmConfirmBody): Promise<{ confirmed: number }> {
    const ids = [...new Set(b.ids)];
    const [found, scope] = await Promise.all([stationsOfEvents(this.db, ids), stationIdsInScope(this.db, user)]);
    const allowed = new Set(scope);
    if (found.length !== ids.length || found.some((e) => !allowed.has(e.stationId))) {
      throw notFound('alarmEventNotFound');
    }
    const me = await findUserById(this.db, user.userId);
    const rows = await confirmEvents(this.db, ids, {
      userId: user.userId,
      name: me?.realName || me?.username || user.username,
      remark: b.remark,
      at: new Date(this.now()),
    });
    await pushChanges(this.db, this.bus, [{ change: 'confirmed', rows }]);
    return { confirmed: rows.length };
  }
}
