import { SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigDialog, type ConfigDialogProps } from './config-dialog';
import { useCanConfigure } from './use-config-key';

type Props = Omit<ConfigDialogProps, 'open' | 'onClose'> & { size?: 'small' | 'middle' };

/**
 * "Configure curves / points" for a page block in one line:
 * `<ConfigureButton kind="curve" pageLocation="home" divLocation="power" />`. Hidden for accounts
 * that may not change page configuration.
 */
export function ConfigureButton({ size = 'small', ...dialog }: Props) {
  const { t } = useTranslation();
  const can = useCanConfigure();
  const [open, setOpen] = useState(false);
  if (!can) return null;
  return (
    <>
      <Button
        size={size}
        icon={<SettingOutlined />}
        onClick={() => setOpen(true)}
        data-testid={`configure-${dialog.kind}-${dialog.divLocation}`}
      >
        {t(dialog.kind === 'curve' ? 'pointConfig.configureCurves' : 'pointConfig.configurePoints')}
      </Button>
      <ConfigDialog {...dialog} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
