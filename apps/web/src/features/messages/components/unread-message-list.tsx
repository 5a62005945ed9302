import type { ReceivedMessage } from '@ess/contract';
import { Empty, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { MessageTypeIcon } from './message-type-icon';
import { useMessageTime } from './message-words';

/** The bell's popover list (spec 2): icon by type, sender, time and content of each unread message. */
export function UnreadMessageList({
  messages,
  onOpen,
}: {
  messages: ReceivedMessage[];
  onOpen: (m: ReceivedMessage) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const messageTime = useMessageTime();
  if (messages.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nav.noMessages')} />;
  return (
    <ul data-testid="unread-messages" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {messages.map((m) => (
        <li key={m.messageId} style={{ borderBottom: `1px solid ${token.colorSplit}` }}>
          <Flex
            gap={8}
            role="button"
            tabIndex={0}
            onClick={() => onOpen(m)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onOpen(m);
            }}
            style={{ padding: '6px 0', cursor: 'pointer' }}
          >
            <MessageTypeIcon type={m.messageType} />
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text strong ellipsis={{ tooltip: m.title }}>
                {m.title}
              </Typography.Text>
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                {m.messageContent}
              </Typography.Paragraph>
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                {m.createUserName} · {messageTime.labelled(m.createTime)}
              </Typography.Text>
            </Flex>
          </Flex>
        </li>
      ))}
    </ul>
  );
}
