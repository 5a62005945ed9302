import {
  formatMoney,
  formatNumber,
  type Lang,
  localDateTime,
  type Names,
  names as n,
  type StatementResult,
  type StatementRow,
  TOU_PERIOD_NAMES,
  zoneLabel,
} from '@ess/contract';
import type { ExportColumn, ExportSheet } from '../../../lib/export-file';
import type { PdfBlock, PdfDocumentSpec } from '../../../lib/pdf';

const T = {
  title: n('收益结算单', 'Earnings statement', 'Liquidación de ingresos', '収益精算書'),
  station: n('电站', 'Station', 'Estación', '発電所'),
  days: n('统计日期', 'Days counted', 'Días contados', '集計日'),
  partial: n(
    '（本月未结束，截至目前）',
    ' (month not over: to date)',
    ' (mes en curso: hasta la fecha)',
    '（当月途中：現在まで）',
  ),
  period: n('时段', 'Period', 'Periodo', '時間帯'),
  price: n('电价', 'Price', 'Precio', '単価'),
  noPrice: n('未定价', 'not priced', 'sin precio', '価格なし'),
  charge: n('充电量', 'Charged', 'Cargado', '充電量'),
  discharge: n('放电量', 'Discharged', 'Descargado', '放電量'),
  chargeCost: n('充电成本', 'Charge cost', 'Coste de carga', '充電コスト'),
  dischargeIncome: n('放电收入', 'Discharge income', 'Ingreso de descarga', '放電収入'),
  revenue: n('收益', 'Revenue', 'Ingresos', '収益'),
  ratio: n('结算比例', 'Settlement ratio', 'Proporción de liquidación', '精算比率'),
  owner: n('业主分成', 'Owner share', 'Parte del propietario', 'オーナー取り分'),
  investor: n('投资方分成', 'Investor share', 'Parte del inversor', '投資家取り分'),
  total: n('合计', 'Total', 'Total', '合計'),
  stations: n('电站汇总', 'Stations', 'Estaciones', '発電所一覧'),
  periods: n('分时段明细', 'By period', 'Por periodo', '時間帯別'),
  unpriced: n(
    '天有电量但无电价模板',
    'days with energy but no price template',
    'días con energía sin plantilla de precios',
    '日は電力量があるが料金テンプレートなし',
  ),
  generated: n('生成时间', 'Generated', 'Generado', '作成日時'),
} satisfies Record<string, Names>;

const currency: Record<Lang, string> = { zh_CN: '元', ja_JP: '元', en_US: 'RMB', es_ES: 'RMB' };
const kwhText = (v: number, lang: Lang) => formatNumber(v, 3, lang);
const moneyText = (v: number, lang: Lang) => formatNumber(v, 2, lang);
/** Spec 9 money (元 / 万元) for the summary lines. */
const moneyShown = (v: number, lang: Lang) => {
  const f = formatMoney(v, lang);
  return `${f.value} ${f.unit}`;
};
const daysText = (r: StatementRow, lang: Lang) => `${r.from} – ${r.to}${r.partial ? T.partial[lang] : ''}`;

export const statementFileName = (month: string) => `earnings-statement-${month}`;

/** The statement as sheets: the stations with their settlement (CSV takes this one), then the periods. */
export function statementSheets(s: StatementResult, month: string, lang: Lang): ExportSheet[] {
  const cur = currency[lang];
  const columns: ExportColumn[] = [
    { key: 'station', header: T.station[lang], width: 24 },
    { key: 'days', header: T.days[lang], width: 28 },
    { key: 'charge', header: `${T.charge[lang]} (kWh)`, width: 14 },
    { key: 'discharge', header: `${T.discharge[lang]} (kWh)`, width: 14 },
    { key: 'chargeCost', header: `${T.chargeCost[lang]} (${cur})`, width: 16 },
    { key: 'dischargeIncome', header: `${T.dischargeIncome[lang]} (${cur})`, width: 16 },
    { key: 'revenue', header: `${T.revenue[lang]} (${cur})`, width: 14 },
    { key: 'ratio', header: `${T.ratio[lang]} (%)`, width: 12 },
    { key: 'owner', header: `${T.owner[lang]} (${cur})`, width: 14 },
    { key: 'investor', header: `${T.investor[lang]} (${cur})`, width: 14 },
  ];
  const stations = s.rows.map((r) => ({
    station: r.stationName,
    days: daysText(r, lang),
    charge: r.chargeKwh,
    discharge: r.dischargeKwh,
    chargeCost: r.chargeCost,
    dischargeIncome: r.dischargeIncome,
    revenue: r.revenue,
    ratio: r.settlementRatio,
    owner: r.ownerShare,
    investor: r.investorShare,
  }));
  const t = s.total;
  const totalRow = {
    station: T.total[lang],
    days: month,
    charge: t.chargeKwh,
    discharge: t.dischargeKwh,
    chargeCost: t.chargeCost,
    dischargeIncome: t.dischargeIncome,
    revenue: t.revenue,
    ratio: null,
    owner: t.ownerShare,
    investor: t.investorShare,
  };
  const periodColumns: ExportColumn[] = [
    { key: 'station', header: T.station[lang], width: 24 },
    { key: 'period', header: T.period[lang], width: 12 },
    { key: 'price', header: `${T.price[lang]} (${cur}/kWh)`, width: 14 },
    { key: 'charge', header: `${T.charge[lang]} (kWh)`, width: 14 },
    { key: 'discharge', header: `${T.discharge[lang]} (kWh)`, width: 14 },
  ];
  const periods = s.rows.flatMap((r) =>
    r.periods.map((p) => ({
      station: r.stationName,
      period: TOU_PERIOD_NAMES[p.period][lang],
      price: p.price ?? T.noPrice[lang],
      charge: p.chargeKwh,
      discharge: p.dischargeKwh,
    })),
  );
  return [
    { name: `${T.title[lang]} ${month}`, columns, rows: [...stations, totalRow] },
    { name: T.periods[lang], columns: periodColumns, rows: periods },
  ];
}

/** The statement as a document: a summary, the stations' settlement, then each station's periods. */
export function statementPdf(s: StatementResult, month: string, lang: Lang, now: number): PdfDocumentSpec {
  const cur = currency[lang];
  const first = s.rows[0];
  const zone = first?.timeZone ?? 'UTC';
  const header =
    s.rows.length === 1 && first
      ? `${first.stationName} · ${month}`
      : `${s.rows.length} × ${T.station[lang]} · ${month}`;
  const blocks: PdfBlock[] = [
    {
      kind: 'keyValues',
      items: [
        [T.revenue[lang], moneyShown(s.total.revenue, lang)],
        [T.owner[lang], moneyShown(s.total.ownerShare, lang)],
        [T.investor[lang], moneyShown(s.total.investorShare, lang)],
        [
          `${T.charge[lang]} / ${T.discharge[lang]}`,
          `${kwhText(s.total.chargeKwh, lang)} / ${kwhText(s.total.dischargeKwh, lang)} kWh`,
        ],
      ],
    },
    { kind: 'heading', text: T.stations[lang] },
    {
      kind: 'table',
      columns: [
        { title: T.station[lang], width: 2.2 },
        { title: `${T.charge[lang]} kWh`, align: 'right' },
        { title: `${T.discharge[lang]} kWh`, align: 'right' },
        { title: `${T.revenue[lang]} ${cur}`, align: 'right' },
        { title: `${T.ratio[lang]} %`, align: 'right', width: 0.8 },
        { title: `${T.owner[lang]} ${cur}`, align: 'right' },
        { title: `${T.investor[lang]} ${cur}`, align: 'right' },
      ],
      rows: s.rows.map((r) => [
        `${r.stationName}\n${daysText(r, lang)}`,
        kwhText(r.chargeKwh, lang),
        kwhText(r.dischargeKwh, lang),
        moneyText(r.revenue, lang),
        formatNumber(r.settlementRatio, 2, lang),
        moneyText(r.ownerShare, lang),
        moneyText(r.investorShare, lang),
      ]),
      totals: [
        T.total[lang],
        kwhText(s.total.chargeKwh, lang),
        kwhText(s.total.dischargeKwh, lang),
        moneyText(s.total.revenue, lang),
        '',
        moneyText(s.total.ownerShare, lang),
        moneyText(s.total.investorShare, lang),
      ],
    },
  ];
  for (const r of s.rows) {
    blocks.push({ kind: 'heading', text: `${r.stationName} · ${T.periods[lang]}` });
    if (r.unpricedDays > 0) blocks.push({ kind: 'text', text: `${r.unpricedDays} ${T.unpriced[lang]}` });
    blocks.push({
      kind: 'table',
      columns: [
        { title: T.period[lang] },
        { title: `${T.price[lang]} ${cur}/kWh`, align: 'right' },
        { title: `${T.charge[lang]} kWh`, align: 'right' },
        { title: `${T.discharge[lang]} kWh`, align: 'right' },
      ],
      rows: r.periods.map((p) => [
        TOU_PERIOD_NAMES[p.period][lang],
        p.price === null ? T.noPrice[lang] : formatNumber(p.price, 4, lang),
        kwhText(p.chargeKwh, lang),
        kwhText(p.dischargeKwh, lang),
      ]),
      totals: [
        `${T.chargeCost[lang]} ${moneyText(r.chargeCost, lang)} · ${T.dischargeIncome[lang]} ${moneyText(r.dischargeIncome, lang)}`,
        '',
        kwhText(r.chargeKwh, lang),
        kwhText(r.dischargeKwh, lang),
      ],
    });
  }
  return {
    title: T.title[lang],
    header,
    lang,
    blocks,
    generatedAt: `${T.generated[lang]} ${localDateTime(now, zone)} (${zoneLabel(zone, now)})`,
  };
}
