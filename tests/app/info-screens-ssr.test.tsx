import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ty from '../../locales/ty.json';
import { render } from '../../src/entry-server';
import { NO_PAGE_DATA } from '../../src/lib/runtime';
import { repoTenant } from './helpers';

/**
 * The user agreement, customer service and free-trial pages render on the server (Node, no DOM):
 * the tenant's node trees with their widgets, the agreement's HTML already sanitised.
 */
describe('information pages on the server', () => {
  const page = (path: string, lang: 'TY' | 'EN', tenant = repoTenant('demo-ph')) => render(`http://demo-ph.localhost${path}`, { tenant, startup: {} }, lang, NO_PAGE_DATA);
  const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

  it('/m/useragreement renders the agreement in the page language', async () => {
    for (const lang of ['TY', 'EN'] as const) {
      const { html, widgets } = await page('/m/useragreement', lang);
      expect(widgets).toContain('rich-text');
      expect(html).toContain('screen--useragreement');
      expect(html).toContain('data-testid="rich-text-agreement"');
      expect(text(html)).toContain(lang === 'EN' ? '1. Eligibility' : '1. Karapat-dapat');
    }
  });

  it('the agreement is sanitised before it reaches the page: no script, no event handler, no script URL', async () => {
    const tenant = repoTenant('demo-ph');
    tenant.content = {
      agreement: {
        EN: '<h2 onclick="steal()">Rules</h2><script>alert("x")</script><p>Read <a href="javascript:alert(1)" onmouseover="x()">this</a> <img src="https://cdn.example.com/a.png" onerror="alert(2)"></p><style>body{display:none}</style>',
      },
    };
    const { html } = await page('/m/useragreement', 'EN', tenant);
    expect(html).toContain('Rules');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('alert(');
    expect(html).not.toMatch(/\son(click|mouseover|error)=/);
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('display:none');
  });

  it('a language without an agreement falls back to the tenant default', async () => {
    const tenant = repoTenant('demo-ph');
    tenant.content = { agreement: { TY: '<p>Tagalog lamang</p>' } };
    const { html } = await page('/m/useragreement', 'EN', tenant);
    expect(html).toContain('Tagalog lamang');
  });

  it('/m/service lists online service and each configured channel with its deep link, opening outside', async () => {
    const { html, widgets } = await page('/m/service', 'EN');
    expect(widgets).toContain('service-channels');
    for (const href of ['https://support.example.com/demo-ph', 'https://wa.me/639170000000', 'viber://chat?number=%2B639170000000', 'https://support.example.com/demo-ph/live', 'https://t.me/demoph_support']) {
      expect(html).toContain(`href="${href}" target="_blank" rel="noopener noreferrer"`);
    }
    expect(text(html)).toContain(en.service_hours_always);
    expect(text((await page('/m/service', 'TY')).html)).toContain(ty.service_title);
  });

  it('/m/trail says what a trial can and cannot do, with the start button, in TY and EN', async () => {
    for (const [lang, words] of [['TY', ty], ['EN', en]] as const) {
      const { html, widgets } = await page('/m/trail', lang);
      expect(widgets).toContain('trial-intro');
      expect(html).toContain('data-testid="trial-start"');
      expect(text(html)).toContain(words.trial_cannot_money);
      expect(text(html)).toContain(words.trial_can_play);
    }
  });
});
