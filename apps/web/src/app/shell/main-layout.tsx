import { SIDEBAR_WIDTH } from '@ess/contract';
import { Button, Drawer, Layout, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { PageLoading } from '@/components/page-loading';
import { ChangePasswordModal } from '@/features/auth/components/change-password-modal';
import { PageErrorPage } from '@/features/errors/pages/page-error-page';
import { useIsMobile } from '@/lib/hooks/use-is-mobile';
import { useLang } from '@/lib/i18n/use-lang';
import { childrenOf, topEntryFor } from '@/lib/menu/menu-model';
import { useMenu } from '@/lib/session/api/get-menu';
import { useUserInfo } from '@/lib/session/api/get-user-info';
import { useCurrentStation } from '@/lib/station/current-station';
import { navMemory } from '@/lib/storage';
import { useTheme } from '@/lib/theme/theme-store';
import { useLayout } from './layout-store';
import styles from './main-layout.module.css';
import { Navbar } from './navbar/navbar';
import { PageOutlet } from './page-outlet';
import { SessionExpiryBridge } from './session-expiry-bridge';
import { SettingsDrawer } from './settings/settings-drawer';
import { Sidebar } from './sidebar/sidebar';
import { StationCascader } from './sidebar/station-cascader';
import { TagsView } from './tags-view/tags-view';
import { UpgradePrompt } from './upgrade-prompt';
import { useForcedLanguage } from './use-forced-language';
import { useSignOut } from './use-sign-out';
import { useThemeSync } from './use-theme-sync';
import { useVisitMemory } from './use-visit-memory';

/** The signed-in frame (spec 2 "Layout"): navbar, station and side menu, tag view, page. */
export function MainLayout() {
  const { t } = useTranslation();
  const lang = useLang();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const user = useUserInfo().data;
  const { station, stations } = useCurrentStation();
  const menu = useMenu(station?.id ?? null, lang);
  const theme = useTheme((s) => s.config);
  const { sidebarOpen, mobileOpen, setMobileOpen, passwordOpen, setPasswordOpen } = useLayout();
  const signOut = useSignOut();

  useThemeSync(user?.userId ?? 0);
  // Undecided until the user and this language's station tree are in (see the hook).
  useForcedLanguage(user && stations.data ? (station?.forceChinese ?? false) : undefined, user?.lang ?? null);
  useVisitMemory(menu.data ?? [], theme.tagsView);

  if (stations.isError || menu.isError) {
    // A station whose menu fails on every load must not lock the user out: another can be picked here.
    return (
      <Result
        status="error"
        title={t('session.loadFailed')}
        extra={[
          <Button
            key="retry"
            type="primary"
            onClick={() => void (stations.isError ? stations.refetch() : menu.refetch())}
          >
            {t('common.retry')}
          </Button>,
          stations.data && (
            <div key="station" className={styles.stationPicker}>
              <StationCascader station={station} />
            </div>
          ),
        ]}
      />
    );
  }
  if (!user || !stations.data || !menu.data) return <PageLoading fullscreen />;

  const tree = menu.data;
  const activeTop =
    topEntryFor(tree, pathname) ?? tree.find((m) => m.code === navMemory.activeTop()) ?? tree[0] ?? null;
  // Spec 2: closed for entries without children, open for entries with children.
  const hasSideMenu = activeTop !== null && childrenOf(activeTop).length > 0;
  // On narrow screens the sidebar drawer closes once a page is picked.
  const sidebar = <Sidebar menu={tree} activeTop={activeTop} station={station} onPick={() => setMobileOpen(false)} />;

  return (
    <Layout className={styles.root}>
      <SessionExpiryBridge />
      <Navbar menu={tree} activeTop={activeTop} station={station} user={user} fixed={theme.fixedHeader} />
      <Layout className={styles.body}>
        {isMobile ? (
          <Drawer
            placement="left"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            size={SIDEBAR_WIDTH}
            styles={{ body: { padding: 0 } }}
            closable={false}
          >
            {sidebar}
          </Drawer>
        ) : (
          hasSideMenu &&
          sidebarOpen && (
            <Layout.Sider width={SIDEBAR_WIDTH} theme="light" className={styles.sider}>
              {sidebar}
            </Layout.Sider>
          )
        )}
        <Layout.Content className={styles.content}>
          {theme.tagsView && <TagsView menu={tree} />}
          <div className={styles.page}>
            {/* A page that throws leaves the frame usable: another station, another page, home. */}
            <ErrorBoundary
              resetKey={`${pathname}#${station?.id ?? ''}`}
              fallback={(retry, error) => <PageErrorPage onRetry={retry} error={error} />}
            >
              <PageOutlet menu={tree} roles={user.roles} />
            </ErrorBoundary>
          </div>
        </Layout.Content>
      </Layout>
      <SettingsDrawer canSave={!user.demo} />
      <ChangePasswordModal
        open={passwordOpen}
        onClose={() => setPasswordOpen(false)}
        onChanged={() => void signOut()}
      />
      <UpgradePrompt />
    </Layout>
  );
}
