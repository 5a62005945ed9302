import { addDays } from '@ess/contract';
import { DatePicker, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { StationZone } from '@/components/station-zone/station-zone';
import { useStationTime } from '@/lib/station/station-time';
import { QUICK_RANGES, type RangeChoice } from '../time-range';

/** Today, last 7 days, last 30 days, or custom whole days (never in the future), on the station's calendar. */
export function RangeChoicePicker({ value, onChange }: { value: RangeChoice; onChange: (v: RangeChoice) => void }) {
  const { t } = useTranslation();
  const clock = useStationTime();
  const today = clock.today(Date.now());
  return (
    <>
      <Segmented
        data-testid="pq-range"
        value={value.kind}
        options={[...QUICK_RANGES, 'custom' as const].map((k) => ({ value: k, label: t(`powerQuality.range.${k}`) }))}
        onChange={(k) =>
          onChange(k === 'custom' ? { kind: 'custom', from: addDays(today, -2), to: today } : { kind: k })
        }
      />
      {value.kind === 'custom' && (
        <DatePicker.RangePicker
          allowClear={false}
          value={[clock.pickerDate(value.from), clock.pickerDate(value.to)]}
          disabledDate={(d) => clock.dateOfPicker(d) > today}
          onChange={(v) => {
            const [from, to] = v ?? [];
            if (from && to) onChange({ kind: 'custom', from: clock.dateOfPicker(from), to: clock.dateOfPicker(to) });
          }}
        />
      )}
      <StationZone />
    </>
  );
}
