import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { isPublicPath, preloadSignedIn } from './app/routes';
import { installClientErrorReporting } from './lib/errors/install-client-error-reporting';
import { startI18n } from './lib/i18n';
import { tokenStore } from './lib/storage';
import { installSheetColours } from './lib/theme/sheet-colours';
import './styles/global.css';

// Uncaught errors and rejections go to the server's client error log (spec 8) from the start.
installClientErrorReporting();
// The style sheets' colours (lib/theme/palette.ts, sheetColours) before anything is drawn.
installSheetColours();

const root = document.getElementById('root');

// The start language's texts load first (a small chunk per language), then the first render.
const i18n = startI18n();

// With a session, the signed-in page's calls and code start now, beside the language pack, and
// the first render waits for that code too (index.html shows a spinner until then).
const signedIn = tokenStore.get() && !isPublicPath(window.location.pathname) ? preloadSignedIn() : null;

void Promise.all([i18n, signedIn])
  .catch(() => undefined)
  .then(() => {
    if (root)
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
  });
