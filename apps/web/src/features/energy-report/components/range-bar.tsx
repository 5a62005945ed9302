import { MAX_INCOME_DAYS } from '@ess/contract';
import { DatePicker, Segmented, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { StationZone } from '@/components/station-zone/station-zone';
import { useStationTime } from '@/lib/station/station-time';
import { RANGE_PRESETS, type RangePreset } from '../hooks/income-range';
import type { useRangeState } from '../hooks/use-range-state';

/** Range presets of spec 9 and a custom range of whole station days (at most the server's limit). */
export function RangeBar({ state }: { state: ReturnType<typeof useRangeState> }) {
  const { t } = useTranslation();
  const clock = useStationTime();
  const { preset, custom, problem } = state;
  return (
    <Space wrap size={8}>
      <Segmented<RangePreset>
        data-testid="income-range"
        options={RANGE_PRESETS.map((p) => ({ value: p, label: t(`energyReport.range.${p}`) }))}
        value={preset}
        onChange={state.setPreset}
      />
      {preset === 'custom' && (
        <DatePicker.RangePicker
          allowClear={false}
          status={problem ? 'error' : undefined}
          disabledDate={(d: Dayjs) => clock.dateOfPicker(d) > clock.today(Date.now())}
          value={custom ? [clock.pickerDate(custom.from), clock.pickerDate(custom.to)] : null}
          onChange={(v) => {
            const [a, b] = v ?? [];
            state.setCustom(a && b ? { from: clock.dateOfPicker(a), to: clock.dateOfPicker(b) } : null);
          }}
          data-testid="income-range-custom"
        />
      )}
      <StationZone />
      {problem && (
        <Typography.Text type="danger">{t(`energyReport.range.${problem}`, { days: MAX_INCOME_DAYS })}</Typography.Text>
      )}
    </Space>
  );
}
