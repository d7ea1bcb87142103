// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithRuntime, TY } from '../../tests/renderer/harness';
import { fixtureTenant } from '../../tests/renderer/fixtures/tenant';
import ResponsibleGamingView, { QUESTIONS } from './responsible-gaming';

afterEach(cleanup);

const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(params[k]));

describe('responsible gaming', () => {
  it('counts the yes answers on the phone and suggests help from the threshold', () => {
    renderWithRuntime(<ResponsibleGamingView assessment threshold={2} helplines={false} tools={false} />, { route: '/m/responsibleGaming' });
    expect(screen.queryByTestId('rg-result')).toBeNull();
    const yes = screen.getAllByRole('button', { name: TY.rg_yes });
    expect(yes).toHaveLength(QUESTIONS.length);
    fireEvent.click(yes[0]);
    expect(screen.getByTestId('rg-result').textContent).toBe(fill(TY.rg_result_low, { count: 1, total: QUESTIONS.length }));
    fireEvent.click(yes[3]);
    expect(screen.getByTestId('rg-result').textContent).toBe(fill(TY.rg_result_high, { count: 2, total: QUESTIONS.length }));
    // Changing an answer to no counts again.
    fireEvent.click(screen.getAllByRole('button', { name: TY.rg_no })[3]);
    expect(screen.getByTestId('rg-result').textContent).toBe(fill(TY.rg_result_low, { count: 1, total: QUESTIONS.length }));
    expect(yes[0].getAttribute('aria-pressed')).toBe('true');
  });

  it("lists the tenant's helplines with a phone link and a website", () => {
    const tenant = fixtureTenant();
    tenant.settings.protection = { helplines: [{ name: 'PAGCOR Responsible Gaming Helpline', phone: '+63 2 8522 0299', url: 'https://www.pagcor.ph/responsible-gaming/' }] };
    renderWithRuntime(<ResponsibleGamingView assessment={false} threshold={2} helplines tools={false} />, { route: '/m/responsibleGaming', tenant });
    expect(screen.getByText('PAGCOR Responsible Gaming Helpline')).toBeTruthy();
    expect(screen.getByRole('link', { name: fill(TY.rg_call, { phone: '+63 2 8522 0299' }) }).getAttribute('href')).toBe('tel:+63285220299');
    expect(screen.getByRole('link', { name: TY.rg_website }).getAttribute('rel')).toContain('noopener');
  });

  it('links only the protection tools whose routes exist', () => {
    renderWithRuntime(<ResponsibleGamingView assessment={false} threshold={2} helplines={false} tools />, { route: '/m/responsibleGaming' });
    expect(screen.getByRole('link', { name: TY.rg_self_exclusion }).getAttribute('href')).toBe('/m/member/selfExclusion');
    expect(screen.getByRole('link', { name: TY.rg_reality_check }).getAttribute('href')).toBe('/m/member/realityCheck');
  });
});
