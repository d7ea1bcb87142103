/**
 * Server rendering: the same router, renderer and widgets as the browser, rendered for one
 * request's tenant, route and language into the HTML of index.html's #root. `prerender` waits for
 * lazy routes and lazy widgets, so the HTML holds their content rather than their fallbacks.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { appRoutes } from './app/router';
import type { AppConfig } from './lib/app-config';
import { setupI18n } from './lib/i18n';

export interface ServerRender {
  /** The markup of #root. */
  html: string;
  /** Set when the route answers with a redirect (an alias, a guarded page). */
  redirect?: string;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

/** Renders one page: `url` is the request's full URL, `language` the tenant language code to render in. */
export async function render(url: string, config: AppConfig, language: string): Promise<ServerRender> {
  const handler = createStaticHandler(appRoutes(config));
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    return { html: '', redirect: context.headers.get('location') ?? undefined };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const i18n = await setupI18n(config.tenant, { language });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </I18nextProvider>
    </StrictMode>,
  );
  return { html: await streamToString(prelude) };
}
