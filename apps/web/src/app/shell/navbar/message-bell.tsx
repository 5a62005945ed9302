import { MailOutlined } from '@ant-design/icons';
import type { MenuItem } from '@ess/contract';
import { Badge, Button, Empty, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '@/lib/api/notifier';
import { CAPABILITIES } from '@/lib/capabilities';
import { findByUrl } from '@/lib/menu/menu-model';
import styles from './navbar.module.css';

const MESSAGES_PAGE = '/operational-inspection/user-message-config';

/** Unread messages of the user at this station, with a link to all messages (spec 2). */
export function MessageBell({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const seeAll = () => {
    if (findByUrl(menu, MESSAGES_PAGE)) navigate(MESSAGES_PAGE);
    else notify.warning(t('errors.noPagePermission'));
  };
  const content = (
    <div className={styles.bellPanel}>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={CAPABILITIES.messages ? t('nav.noMessages') : t('nav.messagesPending')}
      />
      <Button type="link" size="small" block onClick={seeAll}>
        {t('nav.seeAll')}
      </Button>
    </div>
  );
  return (
    <Popover content={content} title={t('nav.messages')} trigger="hover" placement="bottomRight">
      <button type="button" className={styles.iconButton} aria-label={t('nav.messages')} data-testid="message-bell">
        <Badge count={0} size="small">
          <MailOutlined className={styles.icon} />
        </Badge>
      </button>
    </Popover>
  );
}
