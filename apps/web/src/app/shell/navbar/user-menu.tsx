import { DownOutlined, KeyOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@ess/contract';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../layout-store';
import { useSignOut } from '../use-sign-out';
import styles from './navbar.module.css';

/** The user's name with change password, layout settings and log out. */
export function UserMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const { setPasswordOpen, setSettingsOpen } = useLayout();
  const items: MenuProps['items'] = [
    // The shared demo account and large-screen windows change no password.
    ...(user.demo || user.screenOnly
      ? []
      : [
          {
            key: 'password',
            icon: <KeyOutlined />,
            label: <span data-testid="menu-password">{t('nav.changePassword')}</span>,
          },
        ]),
    { key: 'settings', icon: <SettingOutlined />, label: <span data-testid="menu-settings">{t('nav.settings')}</span> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="menu-logout">{t('nav.logout')}</span> },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'password') setPasswordOpen(true);
          else if (key === 'settings') setSettingsOpen(true);
          else if (key === 'logout') void signOut();
        },
      }}
    >
      <button type="button" className={styles.user} title={user.realName ?? user.username} data-testid="user-menu">
        <Avatar size="small" icon={<UserOutlined />} />
        <span className={styles.userName}>{user.realName ?? user.username}</span>
        <DownOutlined className={styles.secondary} />
      </button>
    </Dropdown>
  );
}
