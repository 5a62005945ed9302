import { DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStationTime } from '@/lib/station/station-time';

/** One local date of the station's calendar. */
export function DayPicker({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (date: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const clock = useStationTime();
  return (
    <DatePicker
      data-testid={testId}
      aria-label={t('strategy.date')}
      allowClear={false}
      value={clock.pickerDate(value)}
      onChange={(d) => {
        if (d) onChange(clock.dateOfPicker(d));
      }}
    />
  );
}
