import './styles/base.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { AppRoutes, appRoutes, preloadRoute } from './app/router';
import { applyTheme, loadAppConfig } from './lib/app-config';
import { changeAppLanguage, codeOfHtmlLang, LANGUAGE_STORAGE_KEY, setupI18n } from './lib/i18n';
import { syncSessionFromStorage } from './lib/session';
import { readItem } from './lib/storage';
import { configPageData } from './lib/runtime';
import { isNodeBoundary } from './renderer';
import { startServiceWorker } from './sw/page';

/**
 * In production a widget error is logged once by the renderer; React would log it again on every
 * render, so the root leaves those to the renderer. Development keeps React's detailed report.
 */
const rootOptions: RootOptions = import.meta.env.PROD
  ? {
      onCaughtError(error, info) {
        if (!isNodeBoundary(info.errorBoundary)) console.error(error);
      },
    }
  : {};

/**
 * Lets the browser handle input and paint between the steps of the start-up, so that none of them
 * adds up with the next into one long task (the page is already painted by the server).
 */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function boot(): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root');
  const config = await loadAppConfig();
  // The server writes the theme into the head (#theme); setting it again would restyle every element.
  if (!document.getElementById('theme')) applyTheme(config.tenant.brand.theme);
  // A page the server rendered is hydrated in the language it was rendered in.
  const rendered = rootElement.firstElementChild !== null;
  const language = rendered ? codeOfHtmlLang(document.documentElement.lang) : undefined;
  if (rendered) await yieldToMain();
  // The first storage access of a page opens the origin's storage: a step of its own.
  syncSessionFromStorage();
  if (rendered) await yieldToMain();
  const routes = appRoutes(config);
  // The first render must be the screen the server rendered, not a loading fallback.
  const [i18n] = await Promise.all([setupI18n(config.tenant, { language }), rendered ? preloadRoute(routes, window.location) : null]);
  if (rendered) await yieldToMain();
  const app = (
    <StrictMode>
      <App i18n={i18n} pageData={{ ...configPageData(config), userAgent: navigator.userAgent }}>
        <BrowserRouter>
          <AppRoutes routes={routes} />
        </BrowserRouter>
      </App>
    </StrictMode>
  );
  if (!rendered) {
    createRoot(rootElement, rootOptions).render(app);
    return;
  }
  // Hydrating in a transition lets React yield to the browser between components, so the shell's
  // own pass is short slices too, not one task (the screen's nodes already hydrate in slices).
  startTransition(() => {
    hydrateRoot(rootElement, app, rootOptions);
  });
  // A choice stored before the server knew it (no cookie yet) still wins, right after hydration.
  const stored = readItem(LANGUAGE_STORAGE_KEY);
  if (stored && stored !== language && config.tenant.i18n.languages.includes(stored)) void changeAppLanguage(i18n, config.tenant, stored);
}

boot()
  // The worker registers once the started page is idle (production builds only).
  .then(startServiceWorker)
  .catch((err: unknown) => {
    console.error(err);
    // No config, no language, no React: index.html carries a static notice for this case.
    document.getElementById('boot-error')?.removeAttribute('hidden');
  });
