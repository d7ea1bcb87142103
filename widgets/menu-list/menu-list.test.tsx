// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useItemLayout } from '../../src/components/item-layout';
import { renderWithRuntime, TY } from '../../tests/renderer/harness';
import manifest from './index';

const MenuList = manifest.component;

function Probe({ id }: { id: string }) {
  return <span data-testid={id}>{useItemLayout()}</span>;
}

afterEach(cleanup);

describe('menu-list', () => {
  it('renders one list item per child, in order, laid out as rows', () => {
    renderWithRuntime(
      <MenuList>
        <Probe key="a" id="a" />
        <Probe key="b" id="b" />
      </MenuList>,
    );
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['row', 'row']);
    expect(items[0].firstElementChild?.getAttribute('data-testid')).toBe('a');
  });

  it('labels the list region with its translated title', () => {
    renderWithRuntime(
      <MenuList title="account">
        <Probe key="a" id="a" />
      </MenuList>,
    );
    expect(screen.getByRole('heading', { level: 2, name: TY.account })).toBeTruthy();
    expect(screen.getByRole('region', { name: TY.account })).toBeTruthy();
  });

  it('applies the card variant', () => {
    const { container } = renderWithRuntime(
      <MenuList variant="card">
        <Probe key="a" id="a" />
      </MenuList>,
    );
    expect(container.querySelector('.menu-list--card')).not.toBeNull();
  });

  it('renders nothing when every child was gated out', () => {
    const { container } = renderWithRuntime(<MenuList title="account">{[]}</MenuList>);
    expect(container.innerHTML).toBe('');
  });

  it('defaults to the plain variant', () => {
    expect(manifest.defaults).toEqual({ variant: 'plain' });
  });
});
