import { HOME_PATH, type MenuItem } from '@ess/contract';
import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { NoMenuPage } from '@/features/errors/pages/no-menu-page';
import { NotBuiltPage } from '@/features/errors/pages/not-built-page';
import { homeTarget } from '@/lib/menu/home-target';
import { findByUrl, hasRouteAccess, topEntryFor } from '@/lib/menu/menu-model';
import { PageTitleProvider } from '@/lib/menu/page-title';
import { PAGES } from '../page-registry';
import { useLayout } from './layout-store';

type Props = { menu: MenuItem[]; roles: string[] };

/**
 * Shows the page of the current path when the user's menu holds it and the route's role meta
 * admits the user (spec 6); the home path falls back to the first page the menu offers.
 */
export function PageOutlet({ menu, roles }: Props) {
  const { pathname } = useLocation();
  const refreshKey = useLayout((s) => s.refreshKey);
  const item = findByUrl(menu, pathname);
  if (!item) {
    if (pathname !== HOME_PATH) return <Navigate to="/401" replace state={{ from: pathname }} />;
    const target = homeTarget(menu);
    return target && target !== pathname ? <Navigate to={target} replace /> : <NoMenuPage />;
  }
  if (!hasRouteAccess(roles, item.roles)) return <Navigate to="/401" replace state={{ from: pathname }} />;
  const Page = PAGES[pathname];
  return (
    <PageTitleProvider url={pathname} name={item.name}>
      <Suspense fallback={<PageLoading />}>
        {Page ? (
          <Page key={`${pathname}#${refreshKey}`} />
        ) : (
          <NotBuiltPage key={`${pathname}#${refreshKey}`} item={item} top={topEntryFor(menu, pathname)} />
        )}
      </Suspense>
    </PageTitleProvider>
  );
}
