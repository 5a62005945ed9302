import { ALARM_LEVELS, ALARM_STATES, type AlarmLevel, DEVICE_TYPES, type DeviceType } from '@ess/contract';
import { Button, DatePicker, Form, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StationTime } from '@/lib/station/station-time';

export type HistoryFilter = {
  from: number;
  to: number;
  deviceType?: DeviceType;
  level?: AlarmLevel;
  status?: (typeof ALARM_STATES)[number];
  confirmed?: boolean;
};

/** The default range: the last 7 station days up to the end of today. */
export function defaultHistoryFilter(clock: StationTime, now: number): HistoryFilter {
  const today = clock.startOfDay(now);
  return { from: clock.addDays(today, -6), to: clock.addDays(today, 1) };
}

const ALL = 'all';

/**
 * The history's filters: device type, level, recovery, confirmation and the raise-time range on
 * the station's calendar (whole days). Applied with the search button.
 */
export function HistoryFilters({
  value,
  clock,
  onApply,
  onReset,
}: {
  value: HistoryFilter;
  clock: StationTime;
  onApply: (f: HistoryFilter) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const range: [Dayjs, Dayjs] = [
    clock.pickerDate(clock.date(draft.from)),
    clock.pickerDate(clock.date(clock.addDays(draft.to, -1))),
  ];
  const pick = <K extends keyof HistoryFilter>(key: K, v: HistoryFilter[K] | typeof ALL) =>
    setDraft((d) => ({ ...d, [key]: v === ALL ? undefined : v }));
  const all = { value: ALL, label: t('alarm.history.all') };
  return (
    <Form layout="inline" style={{ rowGap: 8, marginBottom: 12 }}>
      <Form.Item label={t('alarm.history.deviceType')}>
        <Select<DeviceType | typeof ALL>
          value={draft.deviceType ?? ALL}
          onChange={(v) => pick('deviceType', v)}
          options={[all, ...DEVICE_TYPES.map((d) => ({ value: d, label: t(`alarm.deviceType.${d}`) }))]}
          style={{ width: 150 }}
          data-testid="alarm-filter-device-type"
        />
      </Form.Item>
      <Form.Item label={t('alarm.history.level')}>
        <Select<AlarmLevel | typeof ALL>
          value={draft.level ?? ALL}
          onChange={(v) => pick('level', v)}
          options={[all, ...ALARM_LEVELS.map((l) => ({ value: l, label: t(`alarm.level.l${l}`) }))]}
          style={{ width: 110 }}
          data-testid="alarm-filter-level"
        />
      </Form.Item>
      <Form.Item label={t('alarm.history.state')}>
        <Select<(typeof ALARM_STATES)[number] | typeof ALL>
          value={draft.status ?? ALL}
          onChange={(v) => pick('status', v)}
          options={[all, ...ALARM_STATES.map((s) => ({ value: s, label: t(`alarm.state.${s}`) }))]}
          style={{ width: 120 }}
          data-testid="alarm-filter-status"
        />
      </Form.Item>
      <Form.Item label={t('alarm.history.confirmed')}>
        <Select<'yes' | 'no' | typeof ALL>
          value={draft.confirmed === undefined ? ALL : draft.confirmed ? 'yes' : 'no'}
          onChange={(v) => setDraft((d) => ({ ...d, confirmed: v === ALL ? undefined : v === 'yes' }))}
          options={[
            all,
            { value: 'yes', label: t('alarm.state.confirmed') },
            { value: 'no', label: t('alarm.state.unconfirmed') },
          ]}
          style={{ width: 120 }}
          data-testid="alarm-filter-confirmed"
        />
      </Form.Item>
      <Form.Item label={t('alarm.history.range')}>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(v) => {
            const [a, b] = v ?? [];
            if (!a || !b) return;
            const { from, to } = clock.pickedDays(a, b);
            setDraft((d) => ({ ...d, from, to }));
          }}
          data-testid="alarm-filter-range"
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" onClick={() => onApply(draft)} data-testid="alarm-filter-search">
            {t('alarm.history.search')}
          </Button>
          <Button onClick={onReset}>{t('alarm.history.reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
