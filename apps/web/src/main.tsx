import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { LeaveLoginPage } from './app/login-entry';
import { PRODUCT_NAME } from './config/app';
import { paths } from './config/paths';
import { hasSession } from './lib/session-store';

document.title = PRODUCT_NAME;

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');
const root = createRoot(container);

/** The whole app: providers, router, every screen (each route still loads its own code). */
const loadApp = () => import('./app');

/** Shows the full app at `to` (the current address when not given). */
function showApp(to?: { path: string; replace: boolean }) {
  return loadApp().then(({ App }) => {
    if (to) window.history[to.replace ? 'replaceState' : 'pushState'](null, '', to.path);
    // As a transition, React renders the app in slices and lets the browser paint and take input
    // between them, instead of in one long task that blocks a phone (docs/performance.md).
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
}

// A first visit to `/` without a session (what the router's `/` would show: the login page) gets the
// login page alone, so it needs only a small part of the app's JavaScript (docs/performance.md). The
// app loads once it is needed: a sign-in (its code is fetched as soon as the form is sent) or a link.
if (window.location.pathname === paths.login && !hasSession()) {
  const leave: LeaveLoginPage = (path, { replace }) => void showApp({ path, replace });
  container.addEventListener('submit', () => void loadApp(), { capture: true, once: true });
  void import('./app/login-entry').then(({ LoginEntry }) => {
    root.render(
      <StrictMode>
        <LoginEntry leave={leave} />
      </StrictMode>,
    );
  });
} else {
  void showApp();
}
