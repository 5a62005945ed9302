import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { isPublicPath, preloadSignedIn } from './app/routes';
import { startI18n } from './lib/i18n';
import { tokenStore } from './lib/storage';
import './styles/global.css';

const root = document.getElementById('root');

// With a session, a signed-in page's downloads start now, beside the language pack's.
if (tokenStore.get() && !isPublicPath(window.location.pathname)) void preloadSignedIn();

// The start language's texts load first (a small chunk per language), then the first render.
void startI18n()
  .catch(() => undefined)
  .then(() => {
    if (root)
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
  });
