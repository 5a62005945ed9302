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

const FamilyPage = lazyNamed(async () => {
  const [page] = await Promise.all([
    import('@/features/dashboards/pages/family-page'),
    provideFeatureTexts(FEATURE_TEXTS),
  ]);
  return page;
}, 'FamilyPage');

/** A household view's route (/family). */
export function FamilyRoute() {
  return (
    <Suspense fallback={<PageLoading fullscreen />}>
      <FamilyPage />
    </Suspense>
  );
}

/** A published dashboard's route (published-dashboard-links.ts). */
export function PublishedDashboardRoute({ tone }: { tone: 'page' | 'wall' }) {
  return (
    <Suspense fallback={<PageLoading fullscreen />}>
      <PublishedDashboardPage tone={tone} />
    </Suspense>
  );
}
