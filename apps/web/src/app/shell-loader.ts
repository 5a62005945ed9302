import { addFeatureTexts } from '@/lib/i18n';
import { lazyNamed } from '@/lib/lazy-named';

/**
 * The signed-in frame and every feature's texts, fetched together and once: started as soon as
 * a layout route is opened (app/routes.tsx), not after the session checks, so the downloads
 * overlap the user-info call.
 */
export const MainLayout = lazyNamed(async () => {
  const [layout, texts] = await Promise.all([import('./shell/main-layout'), import('./feature-locales')]);
  addFeatureTexts(texts.FEATURE_LOCALES);
  return layout;
}, 'MainLayout');
