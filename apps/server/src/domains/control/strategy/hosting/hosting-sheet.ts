import { type HostingDayRow, type Lang, localDateTime } from '@ess/contract';
import { type MessageKey, translate } from '../../../../i18n/messages';
import { type ExportSheet, zonedHeader } from '../../../../lib/export-file';

const STATE_KEYS: Record<HostingDayRow['state'], MessageKey> = {
  pending: 'hostingStatePending',
  approved: 'hostingStateApproved',
  rejected: 'hostingStateRejected',
  delivering: 'hostingStateDelivering',
  delivered: 'hostingStateDelivered',
  fallback: 'hostingStateFallback',
};
const round = (v: number | null, d = 2) => (v === null ? null : Math.round(v * 10 ** d) / 10 ** d);

/** A station's hosted days as the page lists them, one row each, times on the station's clock. */
export function hostingSheet(rows: HostingDayRow[], timezone: string, lang: Lang): ExportSheet {
  const t = (key: MessageKey) => translate(lang, key);
  const first = rows.reduce((m, r) => Math.min(m, r.deadlineAt), Number.POSITIVE_INFINITY);
  const last = rows.reduce((m, r) => Math.max(m, r.deadlineAt), 0);
  return {
    name: t('hostingExportName'),
    columns: [
      { key: 'date', header: t('hostingColDate'), width: 12 },
      { key: 'state', header: t('hostingColState'), width: 16 },
      { key: 'reason', header: t('hostingColReason'), width: 48 },
      { key: 'deadline', header: zonedHeader(t('hostingColDeadline'), timezone, first, last), width: 34 },
      { key: 'soc0', header: t('hostingColSoc'), width: 12 },
      { key: 'expected', header: t('hostingColExpected'), width: 14 },
      { key: 'rule', header: t('hostingColRule'), width: 14 },
      { key: 'actual', header: t('hostingColActual'), width: 14 },
      { key: 'error', header: t('hostingColError'), width: 14 },
      { key: 'reviewer', header: t('hostingColReviewer'), width: 14 },
      { key: 'opinion', header: t('hostingColOpinion'), width: 40 },
    ],
    rows: rows.map((r) => ({
      date: r.date,
      state: t(STATE_KEYS[r.state]),
      reason: r.reason,
      deadline: localDateTime(r.deadlineAt, timezone),
      soc0: round(r.soc0, 1),
      expected: round(r.expectedRevenue),
      rule: round(r.ruleRevenue),
      actual: round(r.actualRevenue),
      error: round(r.forecastErrorPct, 1),
      reviewer: r.reviewer,
      opinion: r.opinion,
    })),
  };
}
