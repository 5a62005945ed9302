import { type Lang, type Names, names as n, type StationReport, type StationReportRow } from '@ess/contract';
import { datesHeader, type ExportColumn, type ExportSheet } from '../../../lib/export-file';

type ValueKey = Exclude<keyof StationReportRow, 'period' | 'hasData' | 'partial'>;

/** Column headers of the exported report, in the request's language, units in brackets. */
const COLUMNS: { key: ValueKey; names: Names; unit: string | null; decimals: number }[] = [
  { key: 'chargeKwh', names: n('充电量', 'Charged', 'Energía cargada', '充電量'), unit: 'kWh', decimals: 1 },
  { key: 'dischargeKwh', names: n('放电量', 'Discharged', 'Energía descargada', '放電量'), unit: 'kWh', decimals: 1 },
  { key: 'efficiency', names: n('充放电效率', 'Efficiency', 'Eficiencia', '充放電効率'), unit: '%', decimals: 1 },
  { key: 'pvKwh', names: n('光伏发电量', 'PV generation', 'Generación FV', '太陽光発電量'), unit: 'kWh', decimals: 1 },
  { key: 'loadKwh', names: n('负荷用电量', 'Load energy', 'Energía de carga', '負荷電力量'), unit: 'kWh', decimals: 1 },
  {
    key: 'gridImportKwh',
    names: n('电网购电量', 'Grid import', 'Importación de red', '系統受電量'),
    unit: 'kWh',
    decimals: 1,
  },
  {
    key: 'gridExportKwh',
    names: n('上网电量', 'Grid export', 'Exportación a red', '系統送電量'),
    unit: 'kWh',
    decimals: 1,
  },
  { key: 'revenue', names: n('收益', 'Revenue', 'Ingresos', '収益'), unit: null, decimals: 2 },
  { key: 'socMax', names: n('最高SOC', 'Max SOC', 'SOC máximo', '最高SOC'), unit: '%', decimals: 1 },
  { key: 'socMin', names: n('最低SOC', 'Min SOC', 'SOC mínimo', '最低SOC'), unit: '%', decimals: 1 },
  {
    key: 'onlineRate',
    names: n('设备在线率', 'Device online rate', 'Disponibilidad de equipos', '機器オンライン率'),
    unit: '%',
    decimals: 1,
  },
];

const PERIOD = {
  day: n('日期', 'Date', 'Fecha', '日付'),
  month: n('月份', 'Month', 'Mes', '月'),
};
const TOTAL = n('合计', 'Total', 'Total', '合計');
const SHEET = {
  day: n('日报表', 'Daily report', 'Informe diario', '日報'),
  month: n('月报表', 'Monthly report', 'Informe mensual', '月報'),
};

const round = (v: number | null, decimals: number): number | null =>
  v === null ? null : Math.round(v * 10 ** decimals) / 10 ** decimals;

/** The report as one sheet: a row per station day or month (the header names its zone), then the total. */
export function reportSheet(report: StationReport, lang: Lang): ExportSheet {
  const columns: ExportColumn[] = [
    {
      key: 'period',
      header: datesHeader(PERIOD[report.granularity][lang], report.timezone, report.from, report.to),
      width: 32,
    },
    ...COLUMNS.map((c) => ({
      key: c.key,
      header: `${c.names[lang]} (${c.unit ?? report.currency})`,
      width: 18,
    })),
  ];
  const line = (r: StationReportRow, period: string) => ({
    period,
    ...Object.fromEntries(COLUMNS.map((c) => [c.key, round(r[c.key], c.decimals)])),
  });
  return {
    name: `${report.stationName} ${SHEET[report.granularity][lang]}`,
    columns,
    rows: [...report.rows.map((r) => line(r, r.period)), line(report.total, TOTAL[lang])],
  };
}

/** `<station>-<daily|monthly>-<from>_<to>`: what the browser saves the file as. */
export const reportFileName = (report: StationReport): string =>
  `${report.stationCode}-${report.granularity === 'day' ? 'daily' : 'monthly'}-${report.from}_${report.to}`;
