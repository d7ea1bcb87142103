import { randomBytes } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PreviewOptions } from '../../../config';
import fp from 'fastify-plugin';
import { hostName } from '../../../lib/tenant-host';
import { loadTenantRegistry, type TenantRegistry } from '../../../lib/tenant-registry';
import { openSession } from '../../account';
import { PREVIEW_ROLES, PREVIEW_SCREENS, ROLE_ACCOUNTS, isPreviewRole, previewScreen } from '../../../../src/tenant/preview-screens';

/** Key under which the site keeps its session (src/lib/session.ts). */
const SESSION_KEY = 'MC_SESSION_INFO';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * `<id>.localhost` names the tenant `<id>` (as in development), whatever its domains; so does
 * `localhost:<port>` for a tenant's frame port.
 */
function withLocalhostNames(registry: TenantRegistry, framePorts: Record<string, number> = {}): TenantRegistry {
  const byDomain = registry.byHost;
  registry.byHost = (host) => {
    const name = /^([a-z0-9_-]+)\.localhost$/.exec(hostName(host));
    if (name && registry.all.has(name[1])) return registry.all.get(name[1]);
    const port = Number(/^(?:localhost|127\.0\.0\.1):(\d+)$/.exec((host ?? '').trim().toLowerCase())?.[1]);
    const id = Object.keys(framePorts).find((key) => framePorts[key] === port);
    return (id && registry.all.get(id)) || byDomain(host);
  };
  return registry;
}

/** The error lines of each tenant id (a fault in `_base` is every tenant's). */
function problemsById(lines: string[]): { byId: Map<string, string[]>; shared: string[] } {
  const byId = new Map<string, string[]>();
  const shared: string[] = [];
  for (const line of lines) {
    const id = /([^/\\]+)[/\\]tenant\.json:/.exec(line)?.[1];
    if (!id || id.startsWith('_')) shared.push(line);
    else byId.set(id, [...(byId.get(id) ?? []), line]);
  }
  return { byId, shared };
}

/** A page of ours: its own CSP with a nonce for its one inline script. */
function sendPage(reply: FastifyReply, nonce: string, html: string, frames = "'none'"): FastifyReply {
  return reply
    .header('content-security-policy', `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; img-src 'self' data:; frame-src ${frames}; frame-ancestors 'self' http://localhost:* http://*.localhost:*`)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * Preview mode only (`tenant preview`, `tenant shots`; buildApp registers it only with the
 * `preview` option, which no environment variable sets):
 * - `GET /__preview?screen=&role=`: the tenants side by side in phone frames, or their error lines;
 * - `GET /__preview/events`: Server-Sent Events, a `reload` when a tenant file changed;
 * - `GET /__preview/login?as=visitor|player|agent&to=/m/...`: stores a session of the tenant's
 *   seeded demo account in the browser (or removes it) and goes on to the page;
 * - tenant pages may be framed by the preview page (another origin: localhost).
 */
export default fp(async (app: FastifyInstance, opts: PreviewOptions) => {
  withLocalhostNames(app.tenants, opts.framePorts);
  const clients = new Set<FastifyReply>();

  async function reload(): Promise<void> {
    const { config } = app;
    try {
      const fresh = await loadTenantRegistry(
        config.tenantsDir,
        config.defaultTenant,
        { maintenance: config.forceMaintenance, regionRestriction: config.forceRegionRestriction },
        true,
      );
      Object.assign(app.tenants, fresh);
    } catch (err) {
      // Not one tenant is valid any more: keep serving the last good ones, show the lines.
      app.tenants.problems = (err as { lines?: string[] }).lines ?? [(err as Error).message];
    }
    withLocalhostNames(app.tenants, opts.framePorts);
    for (const client of clients) client.raw.write('event: reload\ndata: {}\n\n');
  }

  let watcher: FSWatcher | undefined;
  if (opts.watch) {
    let timer: NodeJS.Timeout | undefined;
    watcher = watch(app.config.tenantsDir, { recursive: true }, () => {
      // An editor writes a file in several steps: reload once they are done.
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), 150);
    });
    app.addHook('onClose', async () => {
      clearTimeout(timer);
      watcher?.close();
      for (const client of clients) client.raw.end();
    });
  }

  // Tenant pages inside the preview's frames: the preview page is on another origin (localhost).
  app.addHook('onSend', async (_request, reply, payload) => {
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && csp.includes("frame-ancestors 'self'") && !csp.includes('localhost')) {
      reply.header('content-security-policy', csp.replace("frame-ancestors 'self'", "frame-ancestors 'self' http://localhost:* http://*.localhost:*"));
    }
    // The CSP's frame-ancestors says who may frame; the older header would forbid every other origin.
    reply.removeHeader('x-frame-options');
    return payload;
  });

  app.get('/__preview', async (request, reply) => {
    const query = request.query as { screen?: string; role?: string };
    const screen = previewScreen(query.screen ?? '') ?? PREVIEW_SCREENS[0];
    const role = query.role && isPreviewRole(query.role) && screen.roles.includes(query.role) ? query.role : screen.roles[0];
    const port = /:(\d+)$/.exec(request.headers.host ?? '')?.[1] ?? '80';
    const known = [...app.tenants.all.keys()];
    const { byId, shared } = problemsById(app.tenants.problems);
    const ids = opts.ids.length ? opts.ids : [...new Set([...known, ...byId.keys()])].sort();
    const nonce = randomBytes(16).toString('base64');
    const frames = ids.map((id) => {
      const lines = [...(byId.get(id) ?? []), ...shared];
      const tenant = app.tenants.all.get(id);
      let body: string;
      if (lines.length || !tenant) {
        const shown = lines.length ? lines : [`tenants/${id}/tenant.json: /: no such tenant`];
        body = `<pre class="errors" role="alert">${escapeHtml(shown.join('\n'))}</pre>`;
      } else {
        const framePort = opts.framePorts?.[id];
        const origin = framePort ? `http://localhost:${framePort}` : `http://${id}.localhost:${port}`;
        const src = `${origin}/__preview/login?as=${role}&to=${encodeURIComponent(screen.path)}`;
        body = `<iframe title="${escapeHtml(id)}" src="${escapeHtml(src)}" width="375" height="812"></iframe>`;
      }
      return `<figure><figcaption>${escapeHtml(id)}</figcaption>${body}</figure>`;
    });
    const option = (value: string, label: string, selected: boolean) =>
      `<option value="${escapeHtml(value)}"${selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tenant preview</title>
<style>
body{font:14px system-ui,sans-serif;margin:16px;background:#eee}
form{margin-bottom:12px;display:flex;gap:12px;align-items:center}
main{display:flex;gap:24px;flex-wrap:wrap;align-items:flex-start}
figure{margin:0}figcaption{font-weight:600;margin-bottom:4px}
iframe{width:375px;height:812px;border:10px solid #222;border-radius:28px;background:#fff}
.errors{width:375px;min-height:200px;white-space:pre-wrap;background:#fff0f0;color:#8a0010;border:2px solid #8a0010;padding:12px;margin:0;box-sizing:border-box}
</style></head><body>
<form method="get" action="/__preview">
<label>screen <select name="screen">${PREVIEW_SCREENS.map((s) => option(s.id, s.label, s.id === screen.id)).join('')}</select></label>
<label>role <select name="role">${PREVIEW_ROLES.filter((r) => screen.roles.includes(r)).map((r) => option(r, r, r === role)).join('')}</select></label>
<noscript><button type="submit">show</button></noscript>
</form>
<main>${frames.join('\n')}</main>
<script nonce="${nonce}">
for (const select of document.querySelectorAll('select')) select.addEventListener('change', () => select.form.submit());
new EventSource('/__preview/events').addEventListener('reload', () => location.reload());
</script>
</body></html>`;
    return sendPage(reply, nonce, html, `http://localhost:* http://*.localhost:${port}`);
  });

  app.get('/__preview/events', (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    reply.raw.write(': preview\n\n');
    clients.add(reply);
    request.raw.on('close', () => clients.delete(reply));
  });

  app.get('/__preview/login', async (request, reply) => {
    const query = request.query as { as?: string; to?: string };
    const role = query.as && isPreviewRole(query.as) ? query.as : 'visitor';
    const to = query.to && /^\/m\/[\w/.-]*$/.test(query.to) ? query.to : '/m/home';
    let session: Record<string, unknown> | null = null;
    if (role !== 'visitor') {
      const tenant = request.tenant;
      const member = await app.repos.members.byUsername(tenant.merchantCode, ROLE_ACCOUNTS[role]);
      if (!member) {
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send(`${tenant.id} has no seeded ${ROLE_ACCOUNTS[role]} (demo accounts are seeded for tenants whose id starts with "demo")`);
      }
      const value = await app.db.orm.transaction((tx) => openSession(app, tx, member, request.ip));
      session = {
        token: value.token,
        merchantCode: tenant.merchantCode,
        userName: value.userName,
        type: value.customerType,
        // The preview shows the screen, not the first-login prompt.
        firstTimeLogin: false,
      };
    }
    const nonce = randomBytes(16).toString('base64');
    const store = session
      ? `localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(JSON.stringify(session))});`
      : `localStorage.removeItem(${JSON.stringify(SESSION_KEY)});`;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>preview</title></head><body>
<script nonce="${nonce}">${store.replace(/</g, '\\u003c')} location.replace(${JSON.stringify(to)});</script>
</body></html>`;
    return sendPage(reply, nonce, html);
  });
}, { name: 'preview' });
