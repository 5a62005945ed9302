import { MAX_INCOME_DAYS } from '@ess/contract';
import { DatePicker, Segmented, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RANGE_PRESETS, type RangePreset } from '../hooks/income-range';
import type { useRangeState } from '../hooks/use-range-state';

/** Range presets of spec 9 and a custom range of whole days (at most the server's limit). */
export function RangeBar({ state }: { state: ReturnType<typeof useRangeState> }) {
  const { t } = useTranslation();
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
          disabledDate={(d: Dayjs) => d.isAfter(dayjs().endOf('day'))}
          value={custom ? [dayjs(custom.from), dayjs(custom.to)] : null}
          onChange={(v) => {
            const [a, b] = v ?? [];
            state.setCustom(a && b ? { from: a.format('YYYY-MM-DD'), to: b.format('YYYY-MM-DD') } : null);
          }}
          data-testid="income-range-custom"
        />
      )}
      {problem && (
        <Typography.Text type="danger">{t(`energyReport.range.${problem}`, { days: MAX_INCOME_DAYS })}</Typography.Text>
      )}
    </Space>
  );
}
