import { configApi, IN_FLIGHT_STATES, type SyncStationRow } from '@ess/contract';
import { Form, Input, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandStateTag } from '@/components/command/command-state-tag';
import { CrudRowsPage, FilterBar, useEndpointMutation } from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';

type Kind = 'site' | 'virtual';
type Filters = { keyword?: string };

const ENTRIES = {
  site: { list: configApi.siteSyncList, sync: configApi.siteSync },
  virtual: { list: configApi.virtualSyncList, sync: configApi.virtualSync },
} as const;

/** How often the list is asked again while a delivery is in flight. */
const POLL_MS = 2_000;

const inFlight = (r: SyncStationRow): boolean =>
  r.last !== null && (IN_FLIGHT_STATES as readonly string[]).includes(r.last.state);

/**
 * Stations in the caller's scope with their EMS and last configuration delivery; a sync button
 * per station (behind its permission). While any delivery is in flight the list polls, so the
 * state moves on to success, failure or timeout by itself.
 */
export function SyncStationList({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const entries = ENTRIES[kind];
  const [filters, setFilters] = useState<Filters>({});
  const list = useEndpoint(entries.list, filters, {
    refetchInterval: (q) => (q.state.data?.some(inFlight) ? POLL_MS : false),
  });
  const sync = useEndpointMutation(entries.sync, { invalidate: [entries.list] });

  const columns: ColumnsType<SyncStationRow> = [
    {
      key: 'station',
      title: t('stationConfig.station'),
      render: (_, r) => (
        <>
          {r.stationName} <Tag>{r.stationCode}</Tag>
        </>
      ),
    },
    {
      key: 'ems',
      title: t('stationConfig.sync.ems'),
      render: (_, r) =>
        r.emsSn === null ? (
          t('stationConfig.sync.noEms')
        ) : (
          <Space size={4}>
            {r.emsSn}
            <Tag color={r.emsOnline ? 'success' : 'default'}>
              {r.emsOnline ? t('stationConfig.sync.online') : t('stationConfig.sync.offline')}
            </Tag>
          </Space>
        ),
    },
    {
      key: 'state',
      title: t('stationConfig.sync.lastState'),
      render: (_, r) => (r.last ? <CommandStateTag state={r.last.state} /> : t('stationConfig.sync.never')),
    },
    {
      key: 'time',
      title: clock.withZone(t('stationConfig.sync.lastTime')),
      render: (_, r) => instantText(clock, r.last?.createTime),
    },
    { key: 'by', title: t('stationConfig.sync.issuedBy'), render: (_, r) => r.last?.issuedBy ?? '-' },
    {
      key: 'message',
      title: t('stationConfig.sync.message'),
      ellipsis: true,
      render: (_, r) => r.last?.message ?? '-',
    },
  ];

  return (
    <CrudRowsPage<SyncStationRow, object>
      title={kind === 'site' ? t('stationConfig.sync.siteTitle') : t('stationConfig.sync.virtualTitle')}
      testId={`sync-${kind}`}
      cardTestId={`sync-list-${kind}`}
      rows={list.data}
      loading={list.isPending}
      failed={list.isError && !list.data}
      listEntries={[entries.list]}
      pageSize={20}
      rowKey="stationId"
      rowTestKey={(r) => r.stationCode}
      rowName={(r) => r.stationName}
      actionsWidth={130}
      search={
        <FilterBar<Filters> onSearch={setFilters}>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('stationConfig.sync.keyword')} style={{ width: 200 }} />
          </Form.Item>
        </FilterBar>
      }
      columns={columns}
      rowActions={(r) => [
        {
          key: 'sync',
          label: kind === 'site' ? t('stationConfig.sync.sync') : t('stationConfig.sync.syncVirtual'),
          endpoint: entries.sync,
          disabled: r.emsSn === null || inFlight(r),
          loading: inFlight(r) || (sync.isPending && sync.variables?.stationId === r.stationId),
          tooltip: r.emsSn === null ? t('stationConfig.sync.noEms') : undefined,
          confirm: t('stationConfig.sync.confirm', { name: r.stationName }),
          testId: `sync-${r.stationCode}`,
          // A refusal has been shown by the client (spec 8).
          onClick: () => sync.mutateAsync({ stationId: r.stationId }).catch(() => undefined),
        },
      ]}
    />
  );
}
