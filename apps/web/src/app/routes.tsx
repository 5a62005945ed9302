import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { lazyNamed } from '@/lib/lazy-named';
import { RequireAuth } from './guards/require-auth';
import { isKnownLayoutRoute } from './page-registry';

const LoginPage = lazyNamed(() => import('@/features/auth/pages/login-page'), 'LoginPage');
const AuthRedirectPage = lazyNamed(() => import('@/features/auth/pages/auth-redirect-page'), 'AuthRedirectPage');
const NotFoundPage = lazyNamed(() => import('@/features/errors/pages/not-found-page'), 'NotFoundPage');
const NoPermissionPage = lazyNamed(() => import('@/features/errors/pages/no-permission-page'), 'NoPermissionPage');
const PublicNotBuiltPage = lazyNamed(
  () => import('@/features/errors/pages/public-not-built-page'),
  'PublicNotBuiltPage',
);
const PrivacyPage = lazyNamed(() => import('@/features/public/pages/privacy-page'), 'PrivacyPage');
const MainLayout = lazyNamed(() => import('./shell/main-layout'), 'MainLayout');

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

/** Known layout routes need a session; anything else is unknown and goes to /404 (spec 2). */
function LayoutOrNotFound() {
  const { pathname } = useLocation();
  if (!isKnownLayoutRoute(pathname)) return <Navigate to="/404" replace />;
  return (
    <RequireAuth>
      <MainLayout />
    </RequireAuth>
  );
}

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
        <Route path="*" element={<LayoutOrNotFound />} />
      </Routes>
    </Suspense>
  );
}
