import type { StationReport } from '@ess/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/lib/charts/echart';
import { useFormat } from '@/lib/format/use-format';
import { palette } from '@/lib/theme/palette';

const CHARGE = palette.stationReport.charge;
const DISCHARGE = palette.stationReport.discharge;
const EFFICIENCY = palette.stationReport.efficiency;

/** Charged and discharged energy per day or month (bars) with the round-trip efficiency (line). */
export function ReportChart({ report, renderer }: { report: StationReport; renderer?: 'canvas' | 'svg' }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const option = useMemo(() => {
    const names = {
      charge: t('stationReport.col.chargeKwh'),
      discharge: t('stationReport.col.dischargeKwh'),
      efficiency: t('stationReport.col.efficiency'),
    };
    return {
      animation: false,
      color: [CHARGE, DISCHARGE, EFFICIENCY],
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: unknown) => (typeof v === 'number' ? fmt.number(v, 1) : '-'),
      },
      legend: { top: 0 },
      grid: { left: 56, right: 48, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: report.rows.map((r) => r.period) },
      yAxis: [
        { type: 'value', name: 'kWh', axisLabel: { formatter: (v: number) => fmt.short(v) } },
        { type: 'value', name: '%', min: 0, max: 100, splitLine: { show: false } },
      ],
      series: [
        { type: 'bar', name: names.charge, data: report.rows.map((r) => r.chargeKwh), barMaxWidth: 18 },
        { type: 'bar', name: names.discharge, data: report.rows.map((r) => r.dischargeKwh), barMaxWidth: 18 },
        {
          type: 'line',
          name: names.efficiency,
          yAxisIndex: 1,
          data: report.rows.map((r) => (r.efficiency === null ? null : Math.min(100, r.efficiency))),
          connectNulls: false,
          symbolSize: 5,
        },
      ],
    };
  }, [report, t, fmt]);
  return <EChart option={option} height={280} renderer={renderer} notMerge />;
}
