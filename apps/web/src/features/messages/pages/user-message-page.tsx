import { MESSAGE_TYPES, READ_STATUS, type ReceivedMessage, type ReceivedMessagesBody } from '@ess/contract';
import { Button, Card, Result, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '@/lib/session/api/get-user-info';
import { useCurrentStation } from '@/lib/station/current-station';
import { useReceivedMessages } from '../api/received-messages';
import { MessageDetailDialog } from '../components/message-detail-dialog';
import { MessageFilters } from '../components/message-filters';
import { MessageTypeIcon } from '../components/message-type-icon';
import { useMessageTime, useMessageWords } from '../components/message-words';

const PAGE_SIZE = 20;

/** Received messages (/operational-inspection/user-message-config): every message delivered to the user. */
export function UserMessagePage() {
  const { t } = useTranslation();
  const words = useMessageWords();
  const messageTime = useMessageTime();
  const userId = useUserInfo().data?.userId ?? null;
  const { stationId } = useCurrentStation();
  const [filter, setFilter] = useState<Omit<ReceivedMessagesBody, 'pageNum' | 'pageSize'>>({});
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ReceivedMessage | null>(null);
  const { data, isPending, isError } = useReceivedMessages({ ...filter, pageNum: page, pageSize: PAGE_SIZE });
  const apply = (f: typeof filter) => {
    setFilter(f);
    setPage(1);
  };

  const columns: ColumnsType<ReceivedMessage> = [
    {
      key: 'type',
      title: t('messageCenter.col.type'),
      width: 110,
      render: (_, m) => (
        <>
          <MessageTypeIcon type={m.messageType} /> {words.typeName(m.messageType)}
        </>
      ),
    },
    { key: 'title', title: t('messageCenter.col.title'), dataIndex: 'title' },
    {
      key: 'content',
      title: t('messageCenter.col.content'),
      render: (_, m) => (
        <Typography.Text ellipsis={{ tooltip: m.messageContent }} style={{ maxWidth: 320 }}>
          {m.messageContent}
        </Typography.Text>
      ),
    },
    { key: 'sender', title: t('messageCenter.col.sender'), dataIndex: 'createUserName', width: 120 },
    {
      key: 'time',
      title: messageTime.withZone(t('messageCenter.col.sendTime')),
      render: (_, m) => messageTime.time(m.createTime),
      width: 150,
    },
    { key: 'status', title: t('messageCenter.col.status'), render: (_, m) => words.statusName(m.status), width: 100 },
    {
      key: 'read',
      title: t('messageCenter.col.readStatus'),
      width: 100,
      render: (_, m) => (
        <Tag color={m.readStatus === READ_STATUS.unread ? 'processing' : 'default'}>{words.readName(m.readStatus)}</Tag>
      ),
    },
    {
      key: 'actions',
      title: t('messageCenter.col.actions'),
      width: 90,
      render: (_, m) => (
        <Button type="link" size="small" onClick={() => setOpen(m)}>
          {t('messageCenter.detail')}
        </Button>
      ),
    },
  ];

  if (isError && !data) return <Result status="warning" title={t('messageCenter.loadFailed')} />;
  return (
    <Card title={t('messageCenter.inboxTitle')}>
      <MessageFilters
        onSearch={(keyword) => apply({ ...filter, keyword })}
        selects={[
          {
            key: 'read',
            value: filter.readStatus as number | undefined,
            all: t('messageCenter.read.all'),
            options: [0, 1].map((v) => ({ value: v, label: words.readName(v) })),
            onChange: (readStatus) => apply({ ...filter, readStatus }),
          },
          {
            key: 'type',
            value: filter.messageType as number | undefined,
            all: t('messageCenter.type.all'),
            options: MESSAGE_TYPES.map((v) => ({ value: v, label: words.typeName(v) })),
            onChange: (messageType) => apply({ ...filter, messageType }),
          },
        ]}
      />
      <Table<ReceivedMessage>
        rowKey="messageId"
        size="small"
        loading={isPending}
        columns={columns}
        dataSource={data?.list ?? []}
        scroll={{ x: 1000 }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (count) => t('messageCenter.total', { count }),
          onChange: setPage,
        }}
        data-testid="received-messages"
      />
      {userId !== null && (
        <MessageDetailDialog message={open} userId={userId} stationId={stationId} onClose={() => setOpen(null)} />
      )}
    </Card>
  );
}
