import {
  type Lang,
  type Names,
  names as n,
  REVIEW_CODES,
  REVIEW_RULES,
  type ReviewCode,
  type ReviewRankingRow,
} from '@ess/contract';
import type { ExportColumn, ExportSheet } from '../../../lib/export-file';

const T = {
  ranking: n('电站排名', 'Station ranking', 'Clasificación de estaciones', '発電所ランキング'),
  rules: n('权重与评分区间', 'Weights and ranges', 'Pesos y rangos', '重みと採点範囲'),
  rank: n('排名', 'Rank', 'Puesto', '順位'),
  station: n('电站', 'Station', 'Estación', '発電所'),
  total: n('综合得分', 'Total score', 'Puntuación total', '総合得点'),
  partial: n('部分指标无数据', 'Some indicators without data', 'Indicadores sin datos', '一部指標データなし'),
  score: n('得分', 'score', 'puntuación', '得点'),
  indicator: n('指标', 'Indicator', 'Indicador', '指標'),
  weight: n('权重 (%)', 'Weight (%)', 'Peso (%)', '重み (%)'),
  unit: n('单位', 'Unit', 'Unidad', '単位'),
  floor: n('0 分值', 'Value for 0 points', 'Valor para 0 puntos', '0 点の値'),
  target: n('100 分值', 'Value for 100 points', 'Valor para 100 puntos', '100 点の値'),
  yes: n('是', 'yes', 'sí', 'はい'),
} satisfies Record<string, Names>;

/** The nine indicators' names (spec 9), as the run-review pages show them. */
const INDICATOR: Record<ReviewCode, Names> = {
  power: n('充放电功率', 'Charge-discharge power', 'Potencia de carga y descarga', '充放電出力'),
  energy: n('充放电能量', 'Charge-discharge energy', 'Energía de carga y descarga', '充放電エネルギー'),
  efficiency: n('综合效率', 'Overall efficiency', 'Eficiencia global', '総合効率'),
  storageLoss: n('储能损耗率', 'Storage loss', 'Pérdida de almacenamiento', '蓄電損失率'),
  stationPowerUse: n('站用电率', 'Station power use', 'Consumo propio', '所内電力率'),
  unplannedOutage: n('非计划停运时长', 'Unplanned outage', 'Paradas no planificadas', '計画外停止時間'),
  availability: n('可用率', 'Availability', 'Disponibilidad', '稼働率'),
  utilisation: n('利用率', 'Utilisation', 'Utilización', '設備利用率'),
  dispatchResponse: n('调度响应', 'Dispatch response', 'Respuesta al despacho', '指令応答'),
};

const round2 = (v: number | null): number | null => (v === null ? null : Math.round(v * 100) / 100);

/**
 * The ranking page as sheets: each station's rank, total and the nine indicators' values and
 * scores (CSV takes this first sheet), then the weights and scoring ranges they were scored by.
 */
export function reviewSheets(rows: ReviewRankingRow[], range: { from: string; to: string }, lang: Lang): ExportSheet[] {
  const columns: ExportColumn[] = [
    { key: 'rank', header: T.rank[lang], width: 8 },
    { key: 'station', header: `${T.station[lang]} ${range.from} – ${range.to}`, width: 30 },
    { key: 'total', header: T.total[lang], width: 12 },
    { key: 'partial', header: T.partial[lang], width: 14 },
    ...REVIEW_CODES.flatMap((c) => [
      { key: `${c}Value`, header: `${INDICATOR[c][lang]} (${REVIEW_RULES[c].unit})`, width: 16 },
      { key: `${c}Score`, header: `${INDICATOR[c][lang]} ${T.score[lang]}`, width: 14 },
    ]),
  ];
  return [
    {
      name: T.ranking[lang],
      columns,
      rows: rows.map((r, i) => {
        const cells: Record<string, string | number | null> = {
          rank: r.total === null ? null : i + 1,
          station: r.stationName,
          total: round2(r.total),
          partial: r.partial ? T.yes[lang] : '',
        };
        for (const ind of r.indicators) {
          cells[`${ind.code}Value`] = round2(ind.value);
          cells[`${ind.code}Score`] = round2(ind.score);
        }
        return cells;
      }),
    },
    {
      name: T.rules[lang],
      columns: [
        { key: 'indicator', header: T.indicator[lang], width: 22 },
        { key: 'weight', header: T.weight[lang], width: 12 },
        { key: 'unit', header: T.unit[lang], width: 8 },
        { key: 'floor', header: T.floor[lang], width: 16 },
        { key: 'target', header: T.target[lang], width: 18 },
      ],
      rows: REVIEW_CODES.map((c) => ({
        indicator: INDICATOR[c][lang],
        weight: round2(REVIEW_RULES[c].weight * 100),
        unit: REVIEW_RULES[c].unit,
        floor: REVIEW_RULES[c].floor,
        target: REVIEW_RULES[c].target,
      })),
    },
  ];
}

export const reviewFileName = (from: string, to: string): string => `run-review-${from}_${to}`;
