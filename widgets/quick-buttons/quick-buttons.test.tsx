// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useItemLayout } from '../../src/components/item-layout';
import { renderWithRuntime } from '../../tests/renderer/harness';
import manifest from './index';

const QuickButtons = manifest.component;

function Probe() {
  return <span>{useItemLayout()}</span>;
}

afterEach(cleanup);

describe('quick-buttons', () => {
  it('renders a row of quick-layout items in order', () => {
    renderWithRuntime(
      <QuickButtons>
        <Probe key="deposit" />
        <Probe key="withdraw" />
        <Probe key="cashback" />
        <Probe key="reward" />
      </QuickButtons>,
    );
    expect(screen.getByRole('list').className).toBe('quick-buttons');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['quick', 'quick', 'quick', 'quick']);
  });

  it('renders nothing without children', () => {
    const { container } = renderWithRuntime(<QuickButtons>{[]}</QuickButtons>);
    expect(container.innerHTML).toBe('');
  });
});
