import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { lazyNamed } from '@/lib/lazy-named';
import { MainLayout } from './shell-loader';

const LoginPage = lazyNamed(() => import('@/features/auth/pages/login-page'), 'LoginPage');
const AuthRedirectPage = lazyNamed(() => import('@/features/auth/pages/auth-redirect-page'), 'AuthRedirectPage');
const NotFoundPage = lazyNamed(() => import('@/features/errors/pages/not-found-page'), 'NotFoundPage');
const NoPermissionPage = lazyNamed(() => import('@/features/errors/pages/no-permission-page'), 'NoPermissionPage');
const PublicNotBuiltPage = lazyNamed(
  () => import('@/features/errors/pages/public-not-built-page'),
  'PublicNotBuiltPage',
);
const PrivacyPage = lazyNamed(() => import('@/features/public/pages/privacy-page'), 'PrivacyPage');
/** Every other path: the route check, the session guard and the signed-in frame (lazy). */
const LayoutRoute = lazyNamed(() => {
  void MainLayout.preload();
  void import('./session-prefetch').then((m) => m.prefetchSession());
  return import('./layout-route');
}, 'LayoutRoute');

/** Routes without sign-in (spec 2) that belong to later capabilities (large screens, dashboards). */
const PUBLIC_NOT_BUILT = [
  '/family',
  '/screen',
  '/new-screen',
  '/new-screen-zz',
  '/common-screen',
  '/dashboard-test',
  '/dashboard-zhongzi',
];

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
        {PUBLIC_NOT_BUILT.map((p) => (
          <Route key={p} path={p} element={<PublicNotBuiltPage />} />
        ))}
        <Route path="*" element={<LayoutRoute />} />
      </Routes>
    </Suspense>
  );
}
