import { MailOutlined } from '@ant-design/icons';
import type { MenuItem, ReceivedMessage } from '@ess/contract';
import { Badge, Button, Empty, notification, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnreadMessages } from '@/features/messages/api/received-messages';
import { MessageDetailDialog } from '@/features/messages/components/message-detail-dialog';
import { MessageTypeIcon } from '@/features/messages/components/message-type-icon';
import { UnreadMessageList } from '@/features/messages/components/unread-message-list';
import { useMessagePlays } from '@/features/messages/hooks/use-message-plays';
import { notify } from '@/lib/api/notifier';
import { CAPABILITIES } from '@/lib/capabilities';
import { findByUrl } from '@/lib/menu/menu-model';
import { useUserInfo } from '@/lib/session/api/get-user-info';
import { useCurrentStation } from '@/lib/station/current-station';
import styles from './navbar.module.css';

const MESSAGES_PAGE = '/operational-inspection/user-message-config';

/** Unread messages of the user at this station, with a link to all messages (spec 2). */
export function MessageBell({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = useUserInfo().data?.userId ?? null;
  const { stationId } = useCurrentStation();
  const unread = useUnreadMessages(userId, stationId, CAPABILITIES.messages);
  const [open, setOpen] = useState<ReceivedMessage | null>(null);
  const [popups, popupHolder] = notification.useNotification();
  // A new message, or an unread one at its next play, pops up; a click opens it to confirm reading.
  useMessagePlays(unread.data?.list, (m) =>
    popups.open({
      key: `message-${m.messageId}`,
      title: m.title,
      description: m.messageContent,
      icon: <MessageTypeIcon type={m.messageType} />,
      placement: 'bottomRight',
      onClick: () => setOpen(m),
      props: { 'data-testid': `message-popup-${m.messageId}` },
    }),
  );
  const seeAll = () => {
    if (findByUrl(menu, MESSAGES_PAGE)) navigate(MESSAGES_PAGE);
    else notify.warning(t('errors.noPagePermission'));
  };
  const content = (
    <div className={styles.bellPanel}>
      {CAPABILITIES.messages ? (
        <UnreadMessageList messages={unread.data?.list ?? []} onOpen={setOpen} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nav.messagesPending')} />
      )}
      <Button type="link" size="small" block onClick={seeAll}>
        {t('nav.seeAll')}
      </Button>
    </div>
  );
  return (
    <>
      {popupHolder}
      <Popover content={content} title={t('nav.messages')} trigger="hover" placement="bottomRight">
        <button type="button" className={styles.iconButton} aria-label={t('nav.messages')} data-testid="message-bell">
          <Badge count={unread.data?.total ?? 0} size="small">
            <MailOutlined className={styles.icon} />
          </Badge>
        </button>
      </Popover>
      {userId !== null && (
        <MessageDetailDialog message={open} userId={userId} stationId={stationId} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
