import type { MeterConfig } from '@ess/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** Chooses the meter to assess: every meter of the station, labelled with the roles it plays. */
export function MeterPicker({
  config,
  value,
  onChange,
}: {
  config: MeterConfig;
  value: number | null;
  onChange: (deviceId: number) => void;
}) {
  const { t } = useTranslation();
  const options = config.meters.map((m) => {
    const roles = config.roles.filter((r) => r.deviceId === m.deviceId).map((r) => r.roleName);
    return { value: m.deviceId, label: roles.length ? `${roles.join(' / ')} · ${m.name}` : m.name };
  });
  return (
    <Select
      data-testid="pq-meter"
      style={{ minWidth: 220 }}
      value={value ?? undefined}
      placeholder={t('powerQuality.meter')}
      options={options}
      onChange={onChange}
      aria-label={t('powerQuality.meter')}
    />
  );
}
