import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ClientErrorTab } from '../components/client-error-tab';
import { OperationLogTab } from '../components/operation-log-tab';

const TABS = ['operation', 'client-errors'] as const;
type TabKey = (typeof TABS)[number];

/**
 * System menu "logs" (/system/log): the operation log and, beside it, the client error log of
 * spec 8. The tab is in the query (`?tab=client-errors`), so a link can open either.
 */
export function SystemLogPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get('tab') === 'client-errors' ? 'client-errors' : 'operation';
  return (
    <Card title={t('systemLog.title')} data-testid="system-log">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'operation' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'operation', label: t('systemLog.tabs.operation'), children: <OperationLogTab /> },
          { key: 'client-errors', label: t('systemLog.tabs.clientErrors'), children: <ClientErrorTab /> },
        ]}
      />
    </Card>
  );
}
