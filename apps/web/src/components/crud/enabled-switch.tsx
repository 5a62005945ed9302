import { type Endpoint, endpointPerms } from '@ess/contract';
import { Switch } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/lib/session/permission';

/**
 * A row's enabled flag: a switch for holders of `endpoint`'s permissions, read-only otherwise
 * and where the row is not the caller's to change (`disabled`).
 */
export function EnabledSwitch({
  checked,
  endpoint,
  onChange,
  loading,
  testId,
  disabled,
}: {
  checked: boolean;
  endpoint: Endpoint;
  onChange: (on: boolean) => void;
  loading?: boolean;
  testId?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const can = usePermission()(endpointPerms(endpoint) ?? []);
  return (
    <Switch
      size="small"
      checked={checked}
      disabled={!can || disabled}
      loading={loading}
      onChange={onChange}
      checkedChildren={t('crud.enabled')}
      unCheckedChildren={t('crud.disabled')}
      data-testid={testId}
    />
  );
}

/** What an exported list shows for the switch (list-export.ts). */
EnabledSwitch.cellText = ({ checked }: { checked: boolean }): string =>
  i18next.t(checked ? 'crud.enabled' : 'crud.disabled');
