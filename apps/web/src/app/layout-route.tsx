import { Navigate, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { FrameErrorPage } from '@/features/errors/pages/frame-error-page';
import { RequireAuth } from './guards/require-auth';
import { isKnownLayoutRoute, PAGES } from './page-registry';
import { MainLayout } from './shell-loader';

/** Starts the download of a path's page, if it has one. */
export function preloadPage(pathname: string): Promise<unknown> {
  return PAGES[pathname]?.preload() ?? Promise.resolve();
}

/**
 * Every path that is not a public route. Known layout routes need a session; anything else is
 * unknown and goes to /404 (spec 2). A chunk of its own: the route check reads the seeded menu
 * table, which the login page does not need.
 */
export function LayoutRoute() {
  const { pathname } = useLocation();
  if (!isKnownLayoutRoute(pathname)) return <Navigate to="/404" replace />;
  // Fetch the frame and this path's page while the session is checked, not one after the other.
  void MainLayout.preload();
  void preloadPage(pathname);
  // The frame's own failures (the page area has a boundary of its own) offer a way out too.
  return (
    <ErrorBoundary resetKey={pathname} fallback={() => <FrameErrorPage />}>
      <RequireAuth>
        <MainLayout />
      </RequireAuth>
    </ErrorBoundary>
  );
}
