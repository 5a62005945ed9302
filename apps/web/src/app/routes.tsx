import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { lazyNamed } from '@/lib/lazy-named';
import { DASHBOARD_LINK_PATHS, FAMILY_PATH, LINK_PATHS } from './published-dashboard-links';
import { MainLayout } from './shell-loader';

const LoginPage = lazyNamed(() => import('@/features/auth/pages/login-page'), 'LoginPage');
const AuthRedirectPage = lazyNamed(() => import('@/features/auth/pages/auth-redirect-page'), 'AuthRedirectPage');
const NotFoundPage = lazyNamed(() => import('@/features/errors/pages/not-found-page'), 'NotFoundPage');
const NoPermissionPage = lazyNamed(() => import('@/features/errors/pages/no-permission-page'), 'NoPermissionPage');
const PublicNotBuiltPage = lazyNamed(
  () => import('@/features/errors/pages/public-not-built-page'),
  'PublicNotBuiltPage',
);
const ScreenRoute = lazyNamed(() => import('./screen-route'), 'ScreenRoute');
const PublishedDashboardRoute = lazyNamed(() => import('./published-dashboard-route'), 'PublishedDashboardRoute');
const FamilyRoute = lazyNamed(() => import('./published-dashboard-route'), 'FamilyRoute');
const PrivacyPage = lazyNamed(() => import('@/features/public/pages/privacy-page'), 'PrivacyPage');
/** Every other path: the route check, the session guard and the signed-in frame. */
const LayoutRoute = lazyNamed(() => {
  // Its own chunk: the session calls' schemas stay out of the entry (and the login page).
  void import('./session-prefetch').then((m) => m.prefetchSession());
  void MainLayout.preload();
  return import('./layout-route');
}, 'LayoutRoute');

let signedInReady: Promise<unknown> | null = null;

/**
 * Starts the session calls and the downloads a signed-in page needs (route check, frame and
 * the path's page), once; resolves when the code is in. main.tsx waits for it before the first
 * render when a session exists, so that render needs no Suspense fallback: a fallback shown and
 * then replaced costs React's 300 ms reveal throttle before the page can paint.
 */
export function preloadSignedIn(): Promise<unknown> {
  if (!signedInReady) {
    const page = import('./layout-route').then((m) => m.preloadPage(window.location.pathname));
    signedInReady = Promise.all([LayoutRoute.preload(), MainLayout.preload(), page]);
  }
  return signedInReady;
}

/** Routes without sign-in (spec 2) that belong to later capabilities (dashboards). */
/** Routes without sign-in of capabilities not built yet (none left: each opens its page). */
export const PUBLIC_NOT_BUILT: readonly string[] = [];

/** The large screens: outside the signed-in frame, each signs in its own way (screen-route.tsx). */
export const SCREEN_PATHS = ['/screen', '/new-screen', '/new-screen-zz', '/common-screen'];

/** Paths of the routes below other than the signed-in layout. */
export const isPublicPath = (path: string): boolean =>
  [
    '/',
    '/login',
    '/auth-redirect',
    '/404',
    '/401',
    '/app-privacy-zh.html',
    ...PUBLIC_NOT_BUILT,
    ...SCREEN_PATHS,
    ...LINK_PATHS,
  ].includes(path);

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading fullscreen />}>
      <Routes>
        <Route path="/" element={<Navigate to="/login" replace />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/auth-redirect" element={<AuthRedirectPage />} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/401" element={<NoPermissionPage />} />
        <Route path="/app-privacy-zh.html" element={<PrivacyPage />} />
        {SCREEN_PATHS.map((p) => (
          <Route key={p} path={p} element={<ScreenRoute />} />
        ))}
        {Object.entries(DASHBOARD_LINK_PATHS).map(([p, tone]) => (
          <Route key={p} path={p} element={<PublishedDashboardRoute tone={tone} />} />
        ))}
        <Route path={FAMILY_PATH} element={<FamilyRoute />} />
        {PUBLIC_NOT_BUILT.map((p) => (
          <Route key={p} path={p} element={<PublicNotBuiltPage />} />
        ))}
        <Route path="*" element={<LayoutRoute />} />
      </Routes>
    </Suspense>
  );
}
