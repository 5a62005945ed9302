import { SendOutlined } from '@ant-design/icons';
import { type NotifyChainRow, type NotifyConfig, notifyApi } from '@ess/contract';
import { Button, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudRowsPage } from '@/components/crud';
import { Permission } from '@/components/permission';
import { notify } from '@/lib/api/notifier';
import { useFormat } from '@/lib/format/use-format';
import { usePermission } from '@/lib/session/permission';
import { useSaveChain } from '../api/notify';
import { ChainForm } from './chain-form';
import { TestSendDialog } from './test-send-dialog';

/** The escalation chains: who is told about which alarms, step by step. */
export function ChainTab({ config }: { config: NotifyConfig }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [testing, setTesting] = useState(false);
  const save = useSaveChain();
  const canEdit = usePermission()([...(notifyApi.notifyChainSave.access.perms ?? [])]);
  const stationName = new Map(config.stations.map((s) => [s.id, s.name]));
  const userName = new Map(config.users.map((u) => [u.id, u.name]));
  const roleName = new Map(config.roles.map((r) => [r.id, r.name]));

  const setEnabled = (c: NotifyChainRow, enabled: boolean) => {
    const { updateTime: _, ...body } = c;
    save.mutate({ ...body, enabled });
  };

  const columns: ColumnsType<NotifyChainRow> = [
    { key: 'name', title: t('notify.chain.name'), dataIndex: 'name', width: 160 },
    {
      key: 'stations',
      title: t('notify.chain.stations'),
      width: 200,
      render: (_, c) =>
        c.stationIds.length === 0
          ? t('notify.allStations')
          : format.list(c.stationIds.map((id) => stationName.get(id) ?? String(id))),
    },
    {
      key: 'levels',
      title: t('notify.chain.levels'),
      width: 160,
      render: (_, c) => c.levels.map((l) => <Tag key={l}>{t(`notify.level.l${l}`)}</Tag>),
    },
    {
      key: 'steps',
      title: t('notify.chain.steps'),
      render: (_, c) => (
        <ol data-testid={`notify-chain-steps-${c.id}`}>
          {c.steps.map((s) => (
            // Steps have no id; the contract makes their delays strictly increasing, so the delay names one.
            <li key={s.delayMinutes}>
              {s.repeatMinutes > 0
                ? t('notify.chain.summary', { delay: s.delayMinutes, repeat: s.repeatMinutes })
                : t('notify.chain.summaryOnce', { delay: s.delayMinutes })}
              {': '}
              {[
                ...s.userIds.map((id) => userName.get(id) ?? String(id)),
                ...s.roleIds.map((id) => roleName.get(id) ?? String(id)),
              ].join(', ')}{' '}
              {s.channels.map((ch) => (
                <Tag key={ch}>{t(`notify.channel.${ch}`)}</Tag>
              ))}
            </li>
          ))}
        </ol>
      ),
    },
    {
      key: 'enabled',
      title: t('notify.chain.enabled'),
      width: 80,
      render: (_, c) => (
        <Switch size="small" checked={c.enabled} disabled={!canEdit} onChange={(on) => setEnabled(c, on)} />
      ),
    },
  ];

  return (
    <CrudRowsPage
      bare
      title={t('notify.chain.add')}
      testId="notify-chain"
      tableTestId="notify-chains"
      rows={config.chains}
      listEntries={[notifyApi.notifyConfig]}
      rowTestKey={(c) => c.id}
      rowName={(c) => c.name}
      actionsWidth={130}
      columns={columns}
      add={{ endpoint: notifyApi.notifyChainSave, label: t('notify.chain.add') }}
      update={{ endpoint: notifyApi.notifyChainSave }}
      remove={{
        endpoint: notifyApi.notifyChainDelete,
        input: (c) => ({ id: c.id }),
        done: () => notify.success(t('notify.deleted')),
      }}
      // The chain dialog saves through its own hook (steps are edited in place).
      form={{ modal: (p) => p.open && <ChainForm config={config} chain={p.row} onClose={p.onClose} /> }}
      toolbar={() => (
        <>
          <Permission endpoint={notifyApi.notifyTestSend}>
            <Button icon={<SendOutlined />} onClick={() => setTesting(true)} data-testid="notify-test-open">
              {t('notify.test.button')}
            </Button>
          </Permission>
          <span>
            {t('notify.channelsTitle')}:{' '}
            {(['email', 'sms', 'inapp'] as const).map((ch) => (
              <Tag key={ch} color={config.channels[ch] ? 'success' : 'default'} data-testid={`notify-channel-${ch}`}>
                {t(`notify.channel.${ch}`)}
                {config.channels[ch] ? '' : ` (${t('notify.channelOff')})`}
              </Tag>
            ))}
          </span>
        </>
      )}
      extras={testing && <TestSendDialog config={config} onClose={() => setTesting(false)} />}
    />
  );
}
