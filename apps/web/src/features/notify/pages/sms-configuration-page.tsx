import { Card, Result, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BlockBoundary } from '@/components/block-boundary';
import { usePageTitle } from '@/lib/menu/page-title';
import { useNotifyConfig } from '../api/notify';
import { ChainTab } from '../components/chain-tab';
import { LogTab } from '../components/log-tab';
import { QuietTab } from '../components/quiet-tab';
import { RateTab } from '../components/rate-tab';

const TABS = ['chains', 'quiet', 'rates', 'log'] as const;
type TabKey = (typeof TABS)[number];
const isTab = (v: string | null): v is TabKey => (TABS as readonly (string | null)[]).includes(v);

/**
 * Alarm notifications (/system/sms-configuration, 短信配置): escalation chains, quiet hours,
 * rate limits and the log of every notification. The tab is in the query so a link opens it.
 */
export function SmsConfigurationPage() {
  const { t } = useTranslation();
  const title = usePageTitle('/system/sms-configuration');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabKey = isTab(tabParam) ? tabParam : 'chains';
  const { data: config, isError } = useNotifyConfig();
  const withConfig = (render: (c: NonNullable<typeof config>) => React.ReactNode) =>
    config ? (
      render(config)
    ) : isError ? (
      <Result status="warning" title={t('notify.loadFailed')} />
    ) : (
      <Skeleton active />
    );
  return (
    <Card title={title} data-testid="sms-configuration">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'chains' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          {
            key: 'chains',
            label: t('notify.tabs.chains'),
            children: (
              <BlockBoundary>
                {withConfig((c) => (
                  <ChainTab config={c} />
                ))}
              </BlockBoundary>
            ),
          },
          {
            key: 'quiet',
            label: t('notify.tabs.quiet'),
            children: (
              <BlockBoundary>
                {withConfig((c) => (
                  <QuietTab config={c} />
                ))}
              </BlockBoundary>
            ),
          },
          {
            key: 'rates',
            label: t('notify.tabs.rates'),
            children: (
              <BlockBoundary>
                {withConfig((c) => (
                  <RateTab config={c} />
                ))}
              </BlockBoundary>
            ),
          },
          {
            key: 'log',
            label: t('notify.tabs.log'),
            children: (
              <BlockBoundary>
                <LogTab />
              </BlockBoundary>
            ),
          },
        ]}
      />
    </Card>
  );
}
