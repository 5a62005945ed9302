import type { StationReportRow } from '@ess/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';

/**
 * Marks a day or month whose figures cover only part of it (today so far, the first day of
 * data, a gap): its energies are what was read, and it is left out of efficiency (the server's
 * whole-day rule). The tooltip says what is covered.
 */
export function PartialTag({ row }: { row: StationReportRow }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!row.partial) return null;
  const title =
    row.days === 1
      ? t('stationReport.partialDay', { coverage: fmt.value(row.storageCoverage, '%', 0) })
      : t('stationReport.partialPeriod', { whole: row.wholeDays, days: row.days });
  return (
    <Tooltip title={title}>
      <Tag color="warning" style={{ marginInlineStart: 6 }} data-testid={`partial-${row.period}`}>
        {t('stationReport.partial')}
      </Tag>
    </Tooltip>
  );
}
