import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/menu/page-title';
import { PackagesTab } from '../components/packages-tab';
import { TasksTab } from '../components/tasks-tab';

/**
 * Device upgrade (/system/device-upgrade, issue 25 part 3): firmware packages and upgrade tasks
 * that roll out in waves and halt themselves on failures (docs/device-upgrade.md).
 */
export function DeviceUpgradePage() {
  const { t } = useTranslation();
  const title = usePageTitle('/system/device-upgrade');
  return (
    <Card
      data-testid="device-upgrade-page"
      title={title}
      extra={<Typography.Text type="secondary">{t('deviceUpgrade.subtitle')}</Typography.Text>}
    >
      <Tabs
        items={[
          { key: 'tasks', label: t('deviceUpgrade.tabs.tasks'), children: <TasksTab /> },
          { key: 'packages', label: t('deviceUpgrade.tabs.packages'), children: <PackagesTab /> },
        ]}
      />
    </Card>
  );
}
