// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useItemLayout } from '../../src/components/item-layout';
import { renderWithRuntime } from '../../tests/renderer/harness';
import manifest from './index';

const AgentGrid = manifest.component;

function Probe() {
  return <span>{useItemLayout()}</span>;
}

afterEach(cleanup);

describe('agent-grid', () => {
  it('lays its children out as agent tiles in the given column count', () => {
    renderWithRuntime(
      <AgentGrid columns={3}>
        <Probe key="a" />
        <Probe key="b" />
      </AgentGrid>,
    );
    expect(screen.getByRole('list').style.getPropertyValue('--agent-columns')).toBe('3');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['agent', 'agent']);
  });

  it('defaults to 4 columns and allows 3 to 5', () => {
    expect(manifest.defaults).toEqual({ columns: 4 });
    expect(manifest.propsSchema).toMatchObject({ properties: { columns: { minimum: 3, maximum: 5 } } });
  });
});
