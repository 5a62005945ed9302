import { PlusOutlined } from '@ant-design/icons';
import {
  MESSAGE_STATUS,
  MESSAGE_STATUSES,
  MESSAGE_TYPES,
  type MessageConfigPageBody,
  type MessageConfigRow,
  messageApi,
  RECEIVING_TYPES,
} from '@ess/contract';
import { Button, Card, Popconfirm, Result, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { notify } from '@/lib/api/notifier';
import { useDeleteMessage, useMessagePage } from '../api/message-config';
import { MessageConfigDetail } from '../components/message-config-detail';
import { MessageFilters } from '../components/message-filters';
import { MessageForm } from '../components/message-form';
import { MessageTypeIcon } from '../components/message-type-icon';
import { useMessageTime, useMessageWords } from '../components/message-words';

const PAGE_SIZE = 20;
const STATUS_TAG: Record<number, string> = { 1: 'default', 2: 'warning', 3: 'processing', 4: 'default' };
/** Recipients may already hold a broadcasting or ended message: only drafts and scheduled ones change. */
const editable = (m: MessageConfigRow) => m.status === MESSAGE_STATUS.draft || m.status === MESSAGE_STATUS.scheduled;

/** Message configuration (/operational-inspection/message-config): list, add, edit, detail, delete. */
export function MessageConfigPage() {
  const { t } = useTranslation();
  const words = useMessageWords();
  const messageTime = useMessageTime();
  const [filter, setFilter] = useState<Omit<MessageConfigPageBody, 'pageNum' | 'pageSize'>>({});
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ editing: MessageConfigRow | null } | null>(null);
  const [detail, setDetail] = useState<MessageConfigRow | null>(null);
  const { data, isPending, isError } = useMessagePage({ ...filter, pageNum: page, pageSize: PAGE_SIZE });
  const remove = useDeleteMessage();
  const apply = (f: typeof filter) => {
    setFilter(f);
    setPage(1);
  };

  const columns: ColumnsType<MessageConfigRow> = [
    {
      key: 'title',
      title: t('messageCenter.col.title'),
      render: (_, m) => (
        <Space>
          <MessageTypeIcon type={m.messageType} />
          <Typography.Text ellipsis={{ tooltip: m.title }} style={{ maxWidth: 220 }}>
            {m.title}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'type', title: t('messageCenter.col.type'), render: (_, m) => words.typeName(m.messageType), width: 90 },
    {
      key: 'receiving',
      title: t('messageCenter.col.receivingObjects'),
      render: (_, m) => (
        <Typography.Text ellipsis style={{ maxWidth: 200 }}>
          {`${words.receivingName(m.receivingType)}: ${m.receivingObjects.map((r) => r.name).join(', ')}`}
        </Typography.Text>
      ),
    },
    {
      key: 'start',
      title: messageTime.withZone(t('messageCenter.col.playStart')),
      render: (_, m) => messageTime.time(m.playStartTime),
      width: 150,
    },
    {
      key: 'end',
      title: messageTime.withZone(t('messageCenter.col.playEnd')),
      render: (_, m) => messageTime.time(m.playEndTime),
      width: 150,
    },
    {
      key: 'status',
      title: t('messageCenter.col.status'),
      width: 100,
      render: (_, m) => <Tag color={STATUS_TAG[m.status]}>{words.statusName(m.status)}</Tag>,
    },
    { key: 'read', title: t('messageCenter.col.readCount'), dataIndex: 'readCount', width: 90 },
    { key: 'creator', title: t('messageCenter.col.creator'), dataIndex: 'createUserName', width: 110 },
    {
      key: 'actions',
      title: t('messageCenter.col.actions'),
      width: 180,
      fixed: 'right',
      render: (_, m) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetail(m)}>
            {t('messageCenter.detail')}
          </Button>
          <Permission endpoint={messageApi.messageModify}>
            <Button type="link" size="small" disabled={!editable(m)} onClick={() => setForm({ editing: m })}>
              {t('messageCenter.edit')}
            </Button>
          </Permission>
          <Permission endpoint={messageApi.messageDelete}>
            <Popconfirm
              title={t('messageCenter.deleteConfirm', { title: m.title })}
              onConfirm={() =>
                remove.mutateAsync(m.messageId).then(() => {
                  notify.success(t('messageCenter.deleted'));
                })
              }
            >
              <Button type="link" size="small" danger>
                {t('messageCenter.delete')}
              </Button>
            </Popconfirm>
          </Permission>
        </Space>
      ),
    },
  ];

  if (isError && !data) return <Result status="warning" title={t('messageCenter.loadFailed')} />;
  return (
    <Card
      title={t('messageCenter.configTitle')}
      extra={
        <Permission endpoint={messageApi.messageAdd}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ editing: null })}>
            {t('messageCenter.add')}
          </Button>
        </Permission>
      }
    >
      <MessageFilters
        onSearch={(keyword) => apply({ ...filter, keyword })}
        selects={[
          {
            key: 'type',
            value: filter.messageType as number | undefined,
            all: t('messageCenter.type.all'),
            options: MESSAGE_TYPES.map((v) => ({ value: v, label: words.typeName(v) })),
            onChange: (messageType) => apply({ ...filter, messageType }),
          },
          {
            key: 'receiving',
            value: filter.receivingType as number | undefined,
            all: t('messageCenter.receiving.all'),
            options: RECEIVING_TYPES.map((v) => ({ value: v, label: words.receivingName(v) })),
            onChange: (receivingType) => apply({ ...filter, receivingType }),
          },
          {
            key: 'status',
            value: filter.status as number | undefined,
            all: t('messageCenter.status.all'),
            options: MESSAGE_STATUSES.map((v) => ({ value: v, label: words.statusName(v) })),
            onChange: (status) => apply({ ...filter, status }),
          },
        ]}
      />
      <Table<MessageConfigRow>
        rowKey="messageId"
        size="small"
        loading={isPending}
        columns={columns}
        dataSource={data?.list ?? []}
        scroll={{ x: 1200 }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (count) => t('messageCenter.total', { count }),
          onChange: setPage,
        }}
        data-testid="message-config-list"
      />
      <MessageForm open={form !== null} editing={form?.editing ?? null} onClose={() => setForm(null)} />
      <MessageConfigDetail message={detail} onClose={() => setDetail(null)} />
    </Card>
  );
}
