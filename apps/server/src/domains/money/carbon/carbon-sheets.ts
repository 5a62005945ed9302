import { type CarbonFigures, type CarbonResult, type Lang, type Names, names as n } from '@ess/contract';
import { type ExportColumn, type ExportFormat, type ExportSheet, exportBytes } from '../../../lib/export-file';

const T = {
  station: n('电站', 'Station', 'Estación', '発電所'),
  period: n('周期', 'Period', 'Periodo', '期間'),
  total: n('合计', 'Total', 'Total', '合計'),
  toDate: n('（截至目前）', ' (to date)', ' (hasta la fecha)', '（現在まで）'),
  pv: n('光伏发电量', 'PV generation', 'Generación FV', '太陽光発電量'),
  charge: n('充电量', 'Charged', 'Cargado', '充電量'),
  discharge: n('放电量', 'Discharged', 'Descargado', '放電量'),
  aux: n('站用电量', 'Auxiliary consumption', 'Consumo auxiliar', '所内消費電力量'),
  auxShare: n('站用电占比', 'Auxiliary share', 'Cuota auxiliar', '所内率'),
  avoided: n('光伏减排', 'Avoided by PV', 'Evitado por FV', '太陽光による削減'),
  storage: n('储能影响', 'Storage effect', 'Efecto del almacenamiento', '蓄電の影響'),
  auxKg: n('站用电排放', 'Auxiliary emissions', 'Emisiones auxiliares', '所内電力の排出'),
  net: n('净减排', 'Net avoided', 'Neto evitado', '正味削減量'),
  factor: n('排放因子', 'Emission factor', 'Factor de emisión', '排出係数'),
  region: n('区域', 'Region', 'Región', '地域'),
  year: n('适用年份', 'Year', 'Año', '適用年'),
  source: n('来源', 'Source', 'Fuente', '出典'),
  ranking: n('电站排名', 'Station ranking', 'Clasificación de estaciones', '発電所ランキング'),
  trend: n('趋势', 'Trend', 'Tendencia', '推移'),
  factors: n('排放因子', 'Emission factors', 'Factores de emisión', '排出係数'),
} satisfies Record<string, Names>;

const round = (v: number | null, digits: number): number | null =>
  v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;

function figureColumns(lang: Lang): ExportColumn[] {
  return [
    { key: 'pv', header: `${T.pv[lang]} (kWh)`, width: 16 },
    { key: 'avoided', header: `${T.avoided[lang]} (kg CO2)`, width: 18 },
    { key: 'charge', header: `${T.charge[lang]} (kWh)`, width: 14 },
    { key: 'discharge', header: `${T.discharge[lang]} (kWh)`, width: 14 },
    { key: 'storage', header: `${T.storage[lang]} (kg CO2)`, width: 18 },
    { key: 'aux', header: `${T.aux[lang]} (kWh)`, width: 16 },
    { key: 'auxShare', header: `${T.auxShare[lang]} (%)`, width: 14 },
    { key: 'auxKg', header: `${T.auxKg[lang]} (kg CO2)`, width: 18 },
    { key: 'net', header: `${T.net[lang]} (kg CO2)`, width: 16 },
  ];
}

const figureCells = (f: CarbonFigures) => ({
  pv: round(f.pvKwh, 3),
  avoided: round(f.avoidedKg, 3),
  charge: round(f.chargeKwh, 3),
  discharge: round(f.dischargeKwh, 3),
  storage: round(f.storageKg, 3),
  aux: round(f.auxKwh, 3),
  auxShare: round(f.auxSharePct, 2),
  auxKg: round(f.auxKg, 3),
  net: round(f.netKg, 3),
});

/**
 * The carbon page as sheets: stations with their factor (CSV takes this first sheet), the trend
 * per day or month, and the factors used with their sources. A period not over yet says "to date".
 */
export function carbonSheets(r: CarbonResult, range: { from: string; to: string }, lang: Lang): ExportSheet[] {
  const label = (text: string, partial: boolean) => (partial ? `${text}${T.toDate[lang]}` : text);
  const ranking: ExportSheet = {
    name: T.ranking[lang],
    columns: [
      { key: 'station', header: `${T.station[lang]} ${range.from} – ${range.to}`, width: 30 },
      { key: 'factor', header: `${T.factor[lang]} (tCO2/MWh)`, width: 16 },
      ...figureColumns(lang),
    ],
    rows: [
      ...r.ranking.map((s) => ({
        station: label(s.stationName, s.partial),
        factor: s.factor?.factor ?? null,
        ...figureCells(s),
      })),
      { station: label(T.total[lang], r.total.partial), factor: null, ...figureCells(r.total) },
    ],
  };
  const trend: ExportSheet = {
    name: T.trend[lang],
    columns: [{ key: 'period', header: T.period[lang], width: 20 }, ...figureColumns(lang)],
    rows: r.trend.map((p) => ({ period: label(p.period, p.partial), ...figureCells(p) })),
  };
  const factors: ExportSheet = {
    name: T.factors[lang],
    columns: [
      { key: 'region', header: T.region[lang], width: 14 },
      { key: 'factor', header: `${T.factor[lang]} (tCO2/MWh)`, width: 16 },
      { key: 'year', header: T.year[lang], width: 10 },
      { key: 'source', header: T.source[lang], width: 80 },
    ],
    rows: r.factors.map((f) => ({ region: f.regionName, factor: f.factor, year: f.year, source: f.source })),
  };
  return [ranking, trend, factors];
}

export const carbonFileName = (from: string, to: string): string => `carbon-${from}_${to}`;

/** No energy of any kind in the range: "export with no data found" (spec 8). */
export const carbonEmpty = (r: CarbonResult): boolean =>
  r.total.pvKwh === null && r.total.chargeKwh === null && r.total.auxKwh === null;

/** The carbon report as the file a user downloads or a subscription mails: Excel or CSV. */
export function carbonFile(
  r: CarbonResult,
  range: { from: string; to: string },
  format: ExportFormat,
  lang: Lang,
): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  return exportBytes(format, carbonFileName(range.from, range.to), carbonSheets(r, range, lang));
}
