import {
  MESSAGE_STATUS,
  MESSAGE_STATUSES,
  MESSAGE_TYPES,
  type MessageConfigRow,
  messageApi,
  RECEIVING_TYPES,
} from '@ess/contract';
import { Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud';
import { notify } from '@/lib/api/notifier';
import { MESSAGE_WRITE_INVALIDATES } from '../api/message-config';
import { MessageConfigDetail } from '../components/message-config-detail';
import { MessageForm } from '../components/message-form';
import { MessageTypeIcon } from '../components/message-type-icon';
import { useMessageTime, useMessageWords } from '../components/message-words';

const STATUS_TAG: Record<number, string> = { 1: 'default', 2: 'warning', 3: 'processing', 4: 'default' };
/** Recipients may already hold a broadcasting or ended message: only drafts and scheduled ones change. */
const editable = (m: MessageConfigRow) => m.status === MESSAGE_STATUS.draft || m.status === MESSAGE_STATUS.scheduled;

/** Message configuration (/operational-inspection/message-config): list, add, edit, detail, delete. */
export function MessageConfigPage() {
  const { t } = useTranslation();
  const words = useMessageWords();
  const messageTime = useMessageTime();
  const codeSelect = (key: string, all: string, options: { value: number; label: string }[]) => (
    <Select
      allowClear
      placeholder={all}
      options={options}
      style={{ width: 150 }}
      data-testid={`message-filter-${key}`}
    />
  );

  return (
    <CrudPage
      title={t('messageCenter.configTitle')}
      testId="message"
      tableTestId="message-config-list"
      list={messageApi.messagePage}
      pageSize={20}
      rowKey="messageId"
      rowTestKey={(m) => m.messageId}
      rowName={(m) => m.title}
      actionsWidth={180}
      invalidate={MESSAGE_WRITE_INVALIDATES}
      table={{ scroll: { x: 1200 } }}
      filters={
        <>
          <Form.Item name="keyword">
            <Input
              allowClear
              placeholder={t('messageCenter.search')}
              style={{ width: 240 }}
              data-testid="message-search"
            />
          </Form.Item>
          <Form.Item name="messageType">
            {codeSelect(
              'type',
              t('messageCenter.type.all'),
              MESSAGE_TYPES.map((v) => ({ value: v, label: words.typeName(v) })),
            )}
          </Form.Item>
          <Form.Item name="receivingType">
            {codeSelect(
              'receiving',
              t('messageCenter.receiving.all'),
              RECEIVING_TYPES.map((v) => ({ value: v, label: words.receivingName(v) })),
            )}
          </Form.Item>
          <Form.Item name="status">
            {codeSelect(
              'status',
              t('messageCenter.status.all'),
              MESSAGE_STATUSES.map((v) => ({ value: v, label: words.statusName(v) })),
            )}
          </Form.Item>
        </>
      }
      columns={[
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
      ]}
      add={{ endpoint: messageApi.messageAdd, label: t('messageCenter.add') }}
      update={{
        endpoint: messageApi.messageModify,
        blockedBy: (m) => (editable(m) ? undefined : t('messageCenter.notEditable')),
      }}
      remove={{
        endpoint: messageApi.messageDelete,
        input: (m) => ({ messageId: m.messageId }),
        confirm: (m) => t('messageCenter.deleteConfirm', { title: m.title }),
        done: () => notify.success(t('messageCenter.deleted')),
      }}
      // The message dialog reads the station's clock and recipients and saves by itself.
      form={{
        modal: ({ open, row, onClose }) => <MessageForm open={open} editing={row} onClose={onClose} />,
      }}
      detail={{ drawer: (m, onClose) => <MessageConfigDetail message={m} onClose={onClose} /> }}
    />
  );
}
