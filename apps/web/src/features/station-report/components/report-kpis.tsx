import type { StationReport } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { useCell, VALUE_COLUMNS, type ValueKey } from '../hooks/use-report-cell';
import { PartialTag } from './partial-tag';
import styles from './report-kpis.module.css';

/** The range at a glance: its total row as tiles. */
const TILES: ValueKey[] = [
  'chargeKwh',
  'dischargeKwh',
  'efficiency',
  'revenue',
  'pvKwh',
  'gridImportKwh',
  'gridExportKwh',
  'onlineRate',
];

export function ReportKpis({ report }: { report: StationReport }) {
  const { t } = useTranslation();
  const cell = useCell();
  const kindOf = (k: ValueKey) => VALUE_COLUMNS.find((c) => c.key === k)?.kind ?? 'energy';
  return (
    <div className={styles.tiles}>
      {TILES.map((k) => (
        <div key={k} className={styles.tile} data-testid={`station-report-kpi-${k}`}>
          <div className={styles.label}>
            {t(`stationReport.col.${k}`)}
            {/* Efficiency counts whole days only: say so when the range has others. */}
            {k === 'efficiency' && <PartialTag row={report.total} />}
          </div>
          <div className={styles.value}>{cell(kindOf(k), report.total[k])}</div>
        </div>
      ))}
      <div className={styles.tile}>
        <div className={styles.label}>{t('stationReport.socRange')}</div>
        <div className={styles.value}>
          {report.total.socMin === null || report.total.socMax === null
            ? '-'
            : `${cell('percent', report.total.socMin)} ~ ${cell('percent', report.total.socMax)}`}
        </div>
      </div>
    </div>
  );
}
