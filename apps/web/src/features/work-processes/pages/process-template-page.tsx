import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BlockBoundary } from '@/components/block-boundary';
import { usePageTitle } from '@/lib/menu/page-title';
import { RuleTab } from '../components/rule-tab';
import { ScheduleTab } from '../components/schedule-tab';
import { TemplateTab } from '../components/template-tab';

const TABS = ['templates', 'rules', 'schedules'] as const;
type TabKey = (typeof TABS)[number];
const isTab = (v: string | null): v is TabKey => (TABS as readonly (string | null)[]).includes(v);

/**
 * What opens orders (/operational-inspection/activiti-temp): order templates, alarm → order rules
 * per station, and scheduled inspections and cleanings. The tab is in the query so a link opens it.
 */
export function ProcessTemplatePage() {
  const { t } = useTranslation();
  const title = usePageTitle('/operational-inspection/activiti-temp');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabKey = isTab(tabParam) ? tabParam : 'templates';
  return (
    <Card title={title} data-testid="process-template-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'templates' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'templates', label: t('workProcesses.template.tab'), children: <TemplateTab /> },
          { key: 'rules', label: t('workProcesses.rule.tab'), children: <RuleTab /> },
          { key: 'schedules', label: t('workProcesses.schedule.tab'), children: <ScheduleTab /> },
        ].map((item) => ({ ...item, children: <BlockBoundary>{item.children}</BlockBoundary> }))}
      />
    </Card>
  );
}
