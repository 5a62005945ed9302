import { READ_STATUS, type ReceivedMessage } from '@ess/contract';
import { Button, Descriptions, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '@/lib/api/notifier';
import { useConfirmRead } from '../api/received-messages';
import { MessageTypeIcon } from './message-type-icon';
import { useMessageTime, useMessageWords } from './message-words';

type Props = {
  message: ReceivedMessage | null;
  userId: number;
  stationId: number | null;
  onClose: () => void;
};

/** A page of this app (`/…`, never `//host` or `/\\host`): the only links a message may open. */
const appPath = (link: string | null): string | null => (link !== null && /^\/(?![/\\])/.test(link) ? link : null);

/**
 * A received message, read-only (spec 2), with a confirm-read button while it is unread. The
 * server answers an already-read message with a warning (60000), which the client shows. A
 * platform notice about a page (a work order's to-do or SLA) offers to open it.
 */
export function MessageDetailDialog({ message, userId, stationId, onClose }: Props) {
  const { t } = useTranslation();
  const words = useMessageWords();
  const messageTime = useMessageTime();
  const confirm = useConfirmRead();
  const navigate = useNavigate();
  const unread = message?.readStatus === READ_STATUS.unread;
  const link = appPath(message?.link ?? null);
  // Awaited rather than mutate's onSuccess: that callback is dropped when the dialog remounts
  // while the call is under way (the bell re-rendering on a push), and the dialog stayed open.
  const confirmRead = async () => {
    if (!message) return;
    const body = { messageId: message.messageId, receivingUser: userId, ...(stationId === null ? {} : { stationId }) };
    const done = await confirm.mutateAsync(body).then(
      () => true,
      // The client has shown the server's answer (an already-read message's warning too).
      () => false,
    );
    if (!done) return;
    notify.success(t('messageCenter.readDone'));
    onClose();
  };
  return (
    <Modal
      open={message !== null}
      title={
        message && (
          <Space>
            <MessageTypeIcon type={message.messageType} />
            {message.title}
          </Space>
        )
      }
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          {link !== null && (
            <Button
              onClick={() => {
                onClose();
                navigate(link);
              }}
              data-testid="message-link"
            >
              {t('messageCenter.openLink')}
            </Button>
          )}
          {unread && (
            <Button type="primary" loading={confirm.isPending} onClick={confirmRead} data-testid="confirm-read">
              {t('messageCenter.confirmRead')}
            </Button>
          )}
          <Button onClick={onClose}>{t('messageCenter.close')}</Button>
        </Space>
      }
    >
      {message && (
        <Descriptions column={1} size="small" bordered data-testid="message-detail">
          <Descriptions.Item label={t('messageCenter.col.type')}>
            {words.typeName(message.messageType)}
          </Descriptions.Item>
          <Descriptions.Item label={t('messageCenter.col.sender')}>{message.createUserName}</Descriptions.Item>
          <Descriptions.Item label={t('messageCenter.col.sendTime')}>
            {messageTime.labelled(message.createTime)}
          </Descriptions.Item>
          <Descriptions.Item label={t('messageCenter.col.playEnd')}>
            {messageTime.labelled(message.playEndTime)}
          </Descriptions.Item>
          <Descriptions.Item label={t('messageCenter.col.readStatus')}>
            <Tag color={unread ? 'processing' : 'default'}>{words.readName(message.readStatus)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('messageCenter.col.content')}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {message.messageContent}
            </Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
