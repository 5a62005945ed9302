import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
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

initI18n('en_US');
afterEach(() => cleanup());
