import type { MessageConfigRow } from '@ess/contract';
import { Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMessageTime, useMessageWords } from './message-words';

/** A configured message, read-only, with its recipients and how many have read it. */
export function MessageConfigDetail({ message, onClose }: { message: MessageConfigRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const words = useMessageWords();
  const messageTime = useMessageTime();
  return (
    <Modal open={message !== null} title={message?.title} onCancel={onClose} footer={null} destroyOnHidden width={640}>
      {message && (
        <Descriptions column={1} size="small" bordered data-testid="message-config-detail">
          <Descriptions.Item label={t('messageCenter.col.type')}>
            {words.typeName(message.messageType)}
          </Descriptions.Item>
          <Descriptions.Item label={t('messageCenter.col.status')}>
            {words.statusName(message.status)}
          </Descriptions.Item>
          <Descriptions.Item label={t('messageCenter.col.receivingType')}>
            {words.receivingName(message.receivingType)}
          </Descriptions.Item>
          <Descriptions.Item label={t('messageCenter.col.receivingObjects')}>
            {message.receivingObjects.map((r) => r.name).join(', ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('messageCenter.col.sendMode')}>
            {message.sendMode === 'timed' ? t('messageCenter.mode.timed') : t('messageCenter.mode.now')}
          </Descriptions.Item>
          <Descriptions.Item label={t('messageCenter.col.playStart')}>
            {messageTime.labelled(message.playStartTime)}
          </Descriptions.Item>
          <Descriptions.Item label={t('messageCenter.col.playEnd')}>
            {messageTime.labelled(message.playEndTime)}
          </Descriptions.Item>
          <Descriptions.Item label={t('messageCenter.col.frequency')}>
            {words.every(message.playFrequency, message.frequencyUnit)}
          </Descriptions.Item>
          <Descriptions.Item label={t('messageCenter.col.creator')}>{message.createUserName}</Descriptions.Item>
          <Descriptions.Item label={t('messageCenter.col.createTime')}>
            {messageTime.labelled(message.createTime)}
          </Descriptions.Item>
          <Descriptions.Item label={t('messageCenter.col.readCount')}>{message.readCount}</Descriptions.Item>
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
