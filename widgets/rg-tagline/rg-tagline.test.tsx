// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithRuntime, TY } from '../../tests/renderer/harness';
import { fixtureTenant } from '../../tests/renderer/fixtures/tenant';
import { RgTagline } from './index';

afterEach(cleanup);

const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(params[k]));

describe('rg-tagline', () => {
  it('the tagline shows the tenant age limit and leads to the page', () => {
    const tenant = fixtureTenant();
    tenant.settings.ageLimit = 21;
    renderWithRuntime(<RgTagline />, { route: '/m/home', tenant });
    const link = screen.getByTestId('rg-tagline');
    expect(link.textContent).toBe(fill(TY.rg_tagline, { age: 21 }));
    expect(link.getAttribute('href')).toBe('/m/responsibleGaming');
  });
});
