import { Suspense } from 'react';
import { PageLoading } from '@/components/page-loading';
import { provideFeatureTexts } from '@/lib/i18n';
import { lazyNamed } from '@/lib/lazy-named';
import { FEATURE_TEXTS } from './feature-texts';

/** The published dashboard and the features' texts (widgets use the home page's too), fetched together. */
const PublishedDashboardPage = lazyNamed(async () => {
  const [page] = await Promise.all([
    import('@/features/dashboards/pages/published-dashboard-page'),
    provideFeatureTexts(FEATURE_TEXTS),
  ]);
  return page;
}, 'PublishedDashboardPage');

/** A published dashboard's route (published-dashboard-links.ts). */
export function PublishedDashboardRoute({ tone }: { tone: 'page' | 'wall' }) {
  return (
    <Suspense fallback={<PageLoading fullscreen />}>
      <PublishedDashboardPage tone={tone} />
    </Suspense>
  );
}
