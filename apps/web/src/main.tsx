import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n/i18n';
import { pickLanguage } from './lib/i18n/languages';
import { listenForLostFiles } from './lib/new-build';
import './index.css';

// A tab opened before a deploy reloads for the new build when one of the old build's files is gone.
listenForLostFiles();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The first paint is already in the remembered (or the browser's) language; the session may switch it after.
// (A promise, not a top-level await: with one, the bundler splits the first page's code into many chunks.)
void initI18n(pickLanguage({}))
  .catch(() => undefined) // without its catalogue the page still works, showing message ids
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

// The offline app shell (src/sw/sw.ts): only the production build has a worker to register (scripts/service-worker.mjs).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined); // without it, the app works online as before
  });
}
