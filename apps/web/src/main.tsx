import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startI18n } from './lib/i18n';
import './styles/global.css';

const root = document.getElementById('root');

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
