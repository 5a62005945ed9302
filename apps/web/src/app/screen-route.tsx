import { Suspense } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { provideFeatureTexts } from '@/lib/i18n';
import { lazyNamed } from '@/lib/lazy-named';
import { FEATURE_TEXTS } from './feature-texts';
import { RequireAuth } from './guards/require-auth';

/** The screen and every feature's texts, fetched together (the screen uses the home page's too). */
const ScreenPage = lazyNamed(async () => {
  const [page] = await Promise.all([
    import('@/features/large-screen/pages/screen-page'),
    provideFeatureTexts(FEATURE_TEXTS),
  ]);
  return page;
}, 'ScreenPage');

/**
 * A large-screen route (spec 2, 7): a one-time screen `token` in the query signs in on the login
 * page, which comes back here; `from=screen…` signs in with the built-in screen account; else
 * the session of this browser, or sign-in with a way back.
 */
export function ScreenRoute() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const token = params.get('token');
  if (token) {
    const back = new URLSearchParams({ token, redirect: pathname });
    return <Navigate to={`/login?${back}`} replace />;
  }
  return (
    <RequireAuth>
      <Suspense fallback={<PageLoading fullscreen />}>
        <ScreenPage />
      </Suspense>
    </RequireAuth>
  );
}
