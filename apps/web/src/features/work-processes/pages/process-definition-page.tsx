import { type DefinitionRow, workorderApi, workorderMessages } from '@ess/contract';
import { Form, Input, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, type RowAction, useEndpointMutation } from '@/components/crud';
import { notify } from '@/lib/api/notifier';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';
import { useServerText } from '@/lib/i18n/server-text';
import { usePageTitle } from '@/lib/menu/page-title';
import { DEFINITION_WRITE_INVALIDATES } from '../api/process-writes';
import { DefinitionDrawer } from '../components/definition-drawer';
import { ImportDefinitionButton } from '../components/import-definition-button';

const AFTER = { invalidate: DEFINITION_WRITE_INVALIDATES };

/**
 * Process definitions (/operational-inspection/activiti-definition): versions by key, import,
 * suspend and activate (no new orders on a suspended version; running ones go on), delete
 * without running orders, and each version's diagram.
 */
export function ProcessDefinitionPage() {
  const { t } = useTranslation();
  const text = useServerText();
  const title = usePageTitle('/operational-inspection/activiti-definition');
  // Deployments are platform records: the user's clock.
  const clock = usePlatformTime();
  const [viewing, setViewing] = useState<number | null>(null);
  const suspend = useEndpointMutation(workorderApi.workorderDefinitionSuspend, AFTER);
  const activate = useEndpointMutation(workorderApi.workorderDefinitionActivate, AFTER);
  const tr = (key: 'suspendConfirm' | 'activateConfirm', d: DefinitionRow) =>
    t(`workProcesses.definition.${key}`, { name: d.name, version: d.version });

  const stateAction = (d: DefinitionRow): RowAction =>
    d.suspended
      ? {
          key: 'activate',
          label: t('workProcesses.definition.activate'),
          endpoint: workorderApi.workorderDefinitionActivate,
          confirm: tr('activateConfirm', d),
          testId: `definition-activate-${d.id}`,
          onClick: () =>
            activate.mutateAsync({ id: d.id }).then(
              () => notify.success(t('workProcesses.definition.active')),
              () => undefined,
            ),
        }
      : {
          key: 'suspend',
          label: t('workProcesses.definition.suspend'),
          endpoint: workorderApi.workorderDefinitionSuspend,
          confirm: tr('suspendConfirm', d),
          testId: `definition-suspend-${d.id}`,
          onClick: () =>
            suspend.mutateAsync({ id: d.id }).then(
              () => notify.success(t('workProcesses.definition.suspended')),
              () => undefined,
            ),
        };

  return (
    <CrudPage
      title={title}
      testId="definition"
      list={workorderApi.workorderDefinitionPage}
      rowTestKey={(d) => d.id}
      rowName={(d) => `${d.name} (${d.key})`}
      invalidate={DEFINITION_WRITE_INVALIDATES}
      filterDefaults={{ latestOnly: true }}
      filters={
        <>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('workProcesses.definition.keyword')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="latestOnly">
            <Select
              style={{ width: 160 }}
              aria-label={t('workProcesses.definition.versions')}
              options={[
                { value: true, label: t('workProcesses.definition.latest') },
                { value: false, label: t('workProcesses.definition.allVersions') },
              ]}
            />
          </Form.Item>
        </>
      }
      columns={[
        { key: 'key', title: t('workProcesses.definition.key'), dataIndex: 'key', sorter: true },
        {
          key: 'name',
          title: t('workProcesses.definition.name'),
          render: (_, d) => (
            <Space size={4}>
              {d.name}
              {d.builtIn && <Tag>{t('workProcesses.definition.builtIn')}</Tag>}
            </Space>
          ),
        },
        { key: 'version', title: t('workProcesses.definition.version'), dataIndex: 'version', sorter: true, width: 90 },
        {
          key: 'state',
          title: t('crud.status'),
          width: 100,
          render: (_, d) =>
            d.suspended ? (
              <Tag color="warning">{t('workProcesses.definition.suspended')}</Tag>
            ) : (
              <Tag color="success">{t('workProcesses.definition.active')}</Tag>
            ),
        },
        {
          key: 'deployedAt',
          title: clock.withZone(t('workProcesses.definition.deployedAt')),
          dataIndex: 'deployedAt',
          sorter: true,
          render: (v: number) => instantText(clock, v),
        },
        {
          key: 'deployedBy',
          title: t('workProcesses.definition.deployedBy'),
          render: (_, d) => d.deployedBy ?? '-',
        },
        { key: 'running', title: t('workProcesses.definition.running'), dataIndex: 'runningCount', width: 110 },
      ]}
      actionsWidth={220}
      rowActions={(d) => [
        {
          key: 'diagram',
          label: t('workProcesses.definition.diagram'),
          testId: `definition-diagram-${d.id}`,
          onClick: () => setViewing(d.id),
        },
        stateAction(d),
      ]}
      remove={{
        endpoint: workorderApi.workorderDefinitionDelete,
        input: (d) => ({ id: d.id }),
        // The server refuses while orders run and says so; the link warns beforehand.
        hint: (d) =>
          d.runningCount > 0
            ? text(workorderMessages.workorderDefinitionRunning, { count: d.runningCount })
            : undefined,
      }}
      toolbar={() => <ImportDefinitionButton />}
      extras={<DefinitionDrawer id={viewing} onClose={() => setViewing(null)} />}
    />
  );
}
