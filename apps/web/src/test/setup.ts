import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { APP_LOCALES } from '@/app/locales';
import { initI18n } from '@/lib/i18n';

// antd reads matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

initI18n(APP_LOCALES, 'en_US');
afterEach(() => cleanup());
