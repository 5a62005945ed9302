import { CloseOutlined } from '@ant-design/icons';
import { HOME_PATH, type MenuItem, TAG_MENU_WIDTH } from '@ess/contract';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { homeTarget } from '@/lib/menu/home-target';
import { findByUrl } from '@/lib/menu/menu-model';
import { useLayout } from '../layout-store';
import styles from './tags-view.module.css';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/** Visited pages as tags, with refresh / close / close others / close all (spec 2). */
export function TagsView({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { tags, keepTags, refresh } = useLayout();
  // Tags show the page's name in the current language when the menu still holds it.
  const visible = tags.map((tag) => ({ ...tag, title: findByUrl(menu, tag.path)?.name ?? tag.title }));
  const home = homeTarget(menu) ?? HOME_PATH;

  const close = (path: string) => {
    const i = tags.findIndex((x) => x.path === path);
    keepTags((x) => x.path !== path);
    if (path !== pathname) return;
    const rest = tags.filter((x) => x.path !== path);
    navigate(rest[Math.min(i, rest.length - 1)]?.path ?? home);
  };

  const act = (action: Action, path: string) => {
    if (action === 'refresh') {
      if (path !== pathname) navigate(path);
      refresh();
    } else if (action === 'close') close(path);
    else if (action === 'closeOthers') {
      keepTags((x) => x.path === path);
      if (path !== pathname) navigate(path);
    } else {
      keepTags(() => false);
      navigate(home);
    }
  };

  return (
    <div className={styles.bar} data-testid="tags-view">
      {visible.map((tag) => (
        <Dropdown
          key={tag.path}
          trigger={['contextMenu']}
          overlayStyle={{ width: TAG_MENU_WIDTH }}
          menu={{
            items: (['refresh', 'close', 'closeOthers', 'closeAll'] as const).map((a) => ({
              key: a,
              label: <span data-testid={`tag-action-${a}`}>{t(`tags.${a}`)}</span>,
            })),
            onClick: ({ key }) => act(key as Action, tag.path),
          }}
        >
          <a
            href={tag.path}
            className={tag.path === pathname ? `${styles.tag} ${styles.active}` : styles.tag}
            onClick={(e) => {
              e.preventDefault();
              navigate(tag.path);
            }}
            data-testid={`tag-${tag.path}`}
          >
            {tag.title}
            <CloseOutlined
              className={styles.close}
              aria-label={t('tags.close')}
              onClick={(e) => {
                // Inside the tag's link: neither follow it nor let it select the tag.
                e.preventDefault();
                e.stopPropagation();
                close(tag.path);
              }}
            />
          </a>
        </Dropdown>
      ))}
    </div>
  );
}
