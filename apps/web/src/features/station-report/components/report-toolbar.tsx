import type { ReportGranularity } from '@ess/contract';
import { DatePicker, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStationTime } from '@/lib/station/station-time';
import type { ReportRange } from '../report-range';

type Props = {
  granularity: ReportGranularity;
  range: ReportRange;
  onGranularity: (g: ReportGranularity) => void;
  onRange: (r: ReportRange) => void;
};

/** Daily or monthly, and the range of days or months (never in the future), on the station's calendar. */
export function ReportToolbar({ granularity, range, onGranularity, onRange }: Props) {
  const { t } = useTranslation();
  const clock = useStationTime();
  const today = clock.pickerDate(clock.today(Date.now()));
  const presets =
    granularity === 'day'
      ? [
          { label: t('stationReport.preset.thisMonth'), value: [today.startOf('month'), today] as ReportRange },
          {
            label: t('stationReport.preset.lastMonth'),
            value: [
              today.subtract(1, 'month').startOf('month'),
              today.subtract(1, 'month').endOf('month'),
            ] as ReportRange,
          },
          { label: t('stationReport.preset.last30'), value: [today.subtract(29, 'day'), today] as ReportRange },
        ]
      : [
          { label: t('stationReport.preset.thisYear'), value: [today.startOf('year'), today] as ReportRange },
          { label: t('stationReport.preset.last12'), value: [today.subtract(11, 'month'), today] as ReportRange },
        ];
  return (
    <>
      <Segmented
        data-testid="station-report-granularity"
        value={granularity}
        options={[
          { value: 'day', label: t('stationReport.daily') },
          { value: 'month', label: t('stationReport.monthly') },
        ]}
        onChange={(g) => onGranularity(g as ReportGranularity)}
      />
      <DatePicker.RangePicker
        data-testid="station-report-range"
        picker={granularity === 'day' ? 'date' : 'month'}
        allowClear={false}
        value={range}
        presets={presets}
        disabledDate={(d) => d.isAfter(today, granularity)}
        onChange={(v) => {
          const [from, to] = v ?? [];
          if (from && to) onRange([from, to]);
        }}
      />
    </>
  );
}
