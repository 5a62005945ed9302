import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStationChoices } from '../api/process-options';

/** A station of the caller's scope, searchable by name; its value is the station id. */
export function StationChoice({
  value,
  onChange,
  allowClear,
  width = '100%',
  testId,
}: {
  value?: number;
  onChange?: (id: number | undefined) => void;
  allowClear?: boolean;
  width?: number | string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      value={value}
      onChange={onChange}
      allowClear={allowClear}
      showSearch
      optionFilterProp="label"
      placeholder={t('workProcesses.rule.station')}
      options={useStationChoices().map(({ value: v, label }) => ({ value: v, label }))}
      style={{ width }}
      data-testid={testId}
    />
  );
}
