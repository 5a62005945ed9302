import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EmptyRun } from '@/lib/table/collapse-empty-days';

/**
 * The period cell of a run without data in a daily or monthly table: its dates as the report
 * gives them (the station's) and one "no data" mark, with the run's length when it holds more
 * than one day or month.
 */
export function EmptyRunLabel({ run, unit }: { run: EmptyRun; unit: 'days' | 'months' }) {
  const { t } = useTranslation();
  const single = run.count === 1;
  return (
    <span data-testid="empty-run">
      {single ? run.from : t('table.emptyRun.span', { from: run.from, to: run.to })}{' '}
      <Tag variant="filled">{single ? t('table.emptyRun.one') : t(`table.emptyRun.${unit}`, { count: run.count })}</Tag>
    </span>
  );
}
