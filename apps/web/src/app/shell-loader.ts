import { provideFeatureTexts } from '@/lib/i18n';
import { lazyNamed } from '@/lib/lazy-named';
import { FEATURE_TEXTS } from './feature-texts';

/**
 * The signed-in frame and every feature's texts in the shown language, fetched together and
 * once: started as soon as a layout route is opened (app/routes.tsx), not after the session
 * checks, so the downloads overlap the user-info call.
 */
export const MainLayout = lazyNamed(async () => {
  const [layout] = await Promise.all([import('./shell/main-layout'), provideFeatureTexts(FEATURE_TEXTS)]);
  return layout;
}, 'MainLayout');
