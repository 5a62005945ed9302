import { DatePicker, Segmented } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { QUICK_RANGES, type RangeChoice } from '../time-range';

/** Today, last 7 days, last 30 days, or custom whole days (never in the future). */
export function RangeChoicePicker({ value, onChange }: { value: RangeChoice; onChange: (v: RangeChoice) => void }) {
  const { t } = useTranslation();
  const today = dayjs();
  return (
    <>
      <Segmented
        data-testid="pq-range"
        value={value.kind}
        options={[...QUICK_RANGES, 'custom' as const].map((k) => ({ value: k, label: t(`powerQuality.range.${k}`) }))}
        onChange={(k) =>
          onChange(k === 'custom' ? { kind: 'custom', from: today.subtract(2, 'day'), to: today } : { kind: k })
        }
      />
      {value.kind === 'custom' && (
        <DatePicker.RangePicker
          allowClear={false}
          value={[value.from, value.to]}
          disabledDate={(d) => d.isAfter(today, 'day')}
          onChange={(v) => {
            const [from, to] = v ?? [];
            if (from && to) onChange({ kind: 'custom', from, to });
          }}
        />
      )}
    </>
  );
}
