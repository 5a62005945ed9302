import type { CurveExportBody, CurveSeries, Lang } from '@ess/contract';
import { localDateTime } from '@ess/contract';
import type { Db } from '../../../db/client';
import { translate } from '../../../i18n/messages';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import { businessWarning } from '../../../lib/app-error';
import { type ExportColumn, type ExportSheet, zonedHeader } from '../../../lib/export-file';
import type { SessionUser } from '../../../lib/types';
import { assertDeviceInScope, rowName } from '../device';
import type { PointCurveService } from '../point';
import { type ResolvedItem, resolveCurveItems } from './curve-items';

/** Averages carry float noise (0.30000000000000004); six decimals are more than any point's precision. */
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

export type CurveExport = { name: string; sheets: ExportSheet[] };

/**
 * The history chart as a spreadsheet (spec 7 "Exports"): the same series the chart reads (same
 * resolution, same buckets), one row per timestamp and one column per indicator, with the
 * bucket's min and max beside averaged roll-ups; a second sheet describes the indicators.
 */
export class CurveExportService {
  constructor(
    private readonly db: Db,
    private readonly curves: PointCurveService,
  ) {}

  async build(user: SessionUser, body: CurveExportBody, lang: Lang): Promise<CurveExport> {
    const { station, items } = await this.scope(user, body);
    const series = await this.curves.series(
      items.map((i) => ({ deviceId: i.device.id, point: i.point })),
      body.from,
      body.to,
      station.timezone,
      lang,
    );
    if (series.every((s) => s.data.length === 0)) throw businessWarning('exportNoData');
    const tz = station.timezone;
    const day = (ms: number) => localDateTime(ms, tz).slice(0, 10).replaceAll('-', '');
    return {
      name: `${station.code}_${translate(lang, 'curveExportName')}_${day(body.from)}-${day(body.to)}`,
      sheets: [dataSheet(series, items, tz, body, lang), indicatorSheet(series, items, tz, lang)],
    };
  }

  private async scope(user: SessionUser, body: CurveExportBody) {
    if ('items' in body) {
      const station = await assertStationInScope(this.db, user, body.stationId);
      return { station, items: await resolveCurveItems(this.db, station.id, body.items) };
    }
    const { device, station } = await assertDeviceInScope(this.db, user, body.deviceId);
    const items = body.points.map((code) => ({ deviceId: device.id, code }));
    return { station, items: await resolveCurveItems(this.db, station.id, items) };
  }
}

const title = (s: CurveSeries, item: ResolvedItem | undefined, lang: Lang) =>
  `${item ? rowName(item.device, lang) : s.deviceId} ${s.name}${s.unit ? ` (${s.unit})` : ''}`;

/** Times in the station's zone, which the time column's header names with its offset. */
function dataSheet(
  series: CurveSeries[],
  items: ResolvedItem[],
  tz: string,
  range: { from: number; to: number },
  lang: Lang,
): ExportSheet {
  const columns: ExportColumn[] = [
    { key: 't', header: zonedHeader(translate(lang, 'curveExportTime'), tz, range.from, range.to), width: 36 },
  ];
  // Rows by timestamp: the union of every series' timestamps, so nothing the chart shows is lost.
  const rows = new Map<number, Record<string, string | number | null>>();
  const row = (ts: number) => {
    let r = rows.get(ts);
    if (!r) {
      r = { t: localDateTime(ts, tz) };
      rows.set(ts, r);
    }
    return r;
  };
  series.forEach((s, i) => {
    const head = title(s, items[i], lang);
    columns.push({ key: `v${i}`, header: head, width: Math.min(40, head.length + 4) });
    for (const [ts, v] of s.data) row(ts)[`v${i}`] = round6(v);
    if (s.band) {
      columns.push({ key: `n${i}`, header: `${head} ${translate(lang, 'curveExportMin')}` });
      columns.push({ key: `x${i}`, header: `${head} ${translate(lang, 'curveExportMax')}` });
      for (const [ts, min, max] of s.band) {
        const r = row(ts);
        r[`n${i}`] = round6(min);
        r[`x${i}`] = round6(max);
      }
    }
  });
  const sorted = [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r);
  return { name: translate(lang, 'curveExportData'), columns, rows: sorted };
}

function indicatorSheet(series: CurveSeries[], items: ResolvedItem[], tz: string, lang: Lang): ExportSheet {
  const col = (key: string, k: Parameters<typeof translate>[1]): ExportColumn => ({ key, header: translate(lang, k) });
  return {
    name: translate(lang, 'curveExportIndicators'),
    columns: [
      col('device', 'curveExportDevice'),
      col('sn', 'curveExportSn'),
      col('code', 'curveExportCode'),
      col('point', 'curveExportPoint'),
      col('unit', 'curveExportUnit'),
      col('resolution', 'curveExportResolution'),
      col('bucket', 'curveExportBucket'),
      col('tz', 'curveExportTimezone'),
    ],
    rows: series.map((s, i) => ({
      device: items[i] ? rowName(items[i].device, lang) : null,
      sn: items[i]?.device.sn ?? null,
      code: s.code,
      point: s.name,
      unit: s.unit,
      resolution: s.resolution,
      bucket: s.bucketMs === null ? null : s.bucketMs / 1000,
      tz,
    })),
  };
}
