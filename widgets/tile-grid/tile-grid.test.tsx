// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useItemLayout } from '../../src/components/item-layout';
import { renderWithRuntime } from '../../tests/renderer/harness';
import manifest from './index';

const TileGrid = manifest.component;

function Probe() {
  return <span>{useItemLayout()}</span>;
}

afterEach(cleanup);

describe('tile-grid', () => {
  it('lays its children out as tiles in a grid of the given column count', () => {
    renderWithRuntime(
      <TileGrid columns={5}>
        <Probe key="a" />
        <Probe key="b" />
        <Probe key="c" />
      </TileGrid>,
    );
    const list = screen.getByRole('list');
    expect(list.style.getPropertyValue('--tile-columns')).toBe('5');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['tile', 'tile', 'tile']);
  });

  it('defaults to 4 columns', () => {
    expect(manifest.defaults).toEqual({ columns: 4 });
    renderWithRuntime(
      <TileGrid>
        <Probe key="a" />
      </TileGrid>,
    );
    expect(screen.getByRole('list').style.getPropertyValue('--tile-columns')).toBe('4');
  });

  it('renders nothing without children', () => {
    const { container } = renderWithRuntime(<TileGrid>{[]}</TileGrid>);
    expect(container.innerHTML).toBe('');
  });

  it('allows 2 to 5 columns in its schema', () => {
    expect(manifest.propsSchema).toMatchObject({ properties: { columns: { minimum: 2, maximum: 5, default: 4 } } });
  });
});
