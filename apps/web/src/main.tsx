// Before any schema is built: no eval under the pages' policy.
import './lib/jitless-schemas';
// The shared stylesheet comes first so feature styles can refine it.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';

try {
  const router = bootstrap();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root element missing');
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
} catch (err) {
  console.error('Application start-up failed', err);
}
