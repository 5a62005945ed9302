import { DatePicker, Segmented, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { StationZone } from '@/components/station-zone/station-zone';
import { useStationTime } from '@/lib/station/station-time';
import { customRangeProblem, RANGE_PRESETS, type RangePreset, type TimeRange } from '../hooks/history-range';

type Props = {
  preset: RangePreset;
  custom: TimeRange | null;
  onPreset: (p: RangePreset) => void;
  onCustom: (r: TimeRange | null) => void;
};

/**
 * Range presets of spec 9 and a custom range (start before end, at most five years); the
 * picker shows and takes the station's clock.
 */
export function RangeBar({ preset, custom, onPreset, onCustom }: Props) {
  const { t } = useTranslation();
  const clock = useStationTime();
  const problem = customRangeProblem(custom);
  return (
    <Space wrap size={8}>
      <Segmented<RangePreset>
        data-testid="history-range"
        options={RANGE_PRESETS.map((p) => ({ value: p, label: t(`history.range.${p}`) }))}
        value={preset}
        onChange={onPreset}
      />
      {preset === 'custom' ? (
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          status={problem ? 'error' : undefined}
          disabledDate={(d: Dayjs) => clock.dateOfPicker(d) > clock.today(Date.now())}
          value={custom ? [clock.toPicker(custom.from), clock.toPicker(custom.to)] : null}
          onChange={(v) => {
            const [a, b] = v ?? [];
            onCustom(a && b ? { from: clock.fromPicker(a), to: clock.fromPicker(b) } : null);
          }}
        />
      ) : null}
      <StationZone />
      {problem ? <Typography.Text type="danger">{t(`history.range.${problem}`)}</Typography.Text> : null}
    </Space>
  );
}
