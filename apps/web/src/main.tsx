import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { APP_LOCALES } from './app/locales';
import { initI18n } from './lib/i18n';
import './styles/global.css';

initI18n(APP_LOCALES);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
