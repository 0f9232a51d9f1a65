// The back-office console's page (/console/, ADR 36): its own entry, never imported by the
// bettors' app. It shares the API client, the live socket and the base styles.
// Before any schema is built: no eval under the pages' policy.
import '../lib/jitless-schemas';
import '../styles/global.css';
import './console.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setApiBase } from '@/lib/api';
import { setTokenKey } from '@/lib/storage';
import { ConsoleApp } from './app';
import { CONSOLE_TOKEN_KEY } from './lib/session';
import { CONSOLE_APP_MARKER } from './marker';

// The page is /console/: the API is one folder up, and the console keeps its own token.
setApiBase('../api/');
setTokenKey(CONSOLE_TOKEN_KEY);
document.documentElement.dataset.app = CONSOLE_APP_MARKER;

try {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root element missing');
  createRoot(root).render(
    <StrictMode>
      <ConsoleApp />
    </StrictMode>,
  );
} catch (err) {
  console.error('Console start-up failed', err);
}
