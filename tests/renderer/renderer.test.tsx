// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Screen, Slot as SlotData } from '../../src/generated/tenant';
import type { RegisteredWidget } from '../../src/lib/widget';
import { renderSlot, selectVariant, Slot, type WidgetRegistry } from '../../src/renderer';
import { fixtureTenant } from './fixtures/tenant';
import { renderWithRuntime, TY } from './harness';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

function widget(name: string, component: (props: never) => ReactNode, defaults: object = {}): RegisteredWidget {
  return { name, version: '1.0.0', propsSchema: { type: 'object' }, defaults, component };
}

const testRegistry: WidgetRegistry = {
  text: widget('text', ({ value, tone }: { value: string; tone?: string }) => (
    <span data-testid="text" data-tone={tone}>
      {value}
    </span>
  )),
  box: widget(
    'box',
    ({ children, label }: { children?: ReactNode; label: string }) => (
      <section aria-label={label}>{children}</section>
    ),
  ),
  toned: widget('toned', ({ value, tone }: { value: string; tone: string }) => <em data-tone={tone}>{value}</em>, {
    tone: 'muted',
    value: 'default value',
  }),
  boom: widget('boom', (): ReactNode => {
    throw new Error('kaboom');
  }),
};

function slotOf(items: SlotData['items'], order: string[]): SlotData {
  return { items, order };
}

describe('renderer', () => {
  it('keeps the order of the slot, not of the items map', () => {
    const slot = slotOf(
      {
        a: { widget: 'text', props: { value: 'A' } },
        b: { widget: 'text', props: { value: 'B' } },
        c: { widget: 'text', props: { value: 'C' } },
      },
      ['c', 'a', 'b'],
    );
    renderWithRuntime(<Slot slot={slot} path="screens.home.slots.main" />, { registry: testRegistry });
    expect(screen.getAllByTestId('text').map((el) => el.textContent)).toEqual(['C', 'A', 'B']);
  });

  it('drops a node whose gate is false and keeps one whose gate is true', () => {
    const slot = slotOf(
      {
        open: { widget: 'text', props: { value: 'flag on' }, gate: { flag: 'REWCEN3' } },
        closed: { widget: 'text', props: { value: 'flag off' }, gate: { flag: 'MAILCEN' } },
        member: { widget: 'text', props: { value: 'member only' }, gate: { session: true } },
        visitor: { widget: 'text', props: { value: 'visitor only' }, gate: { session: false } },
      },
      ['open', 'closed', 'member', 'visitor'],
    );
    renderWithRuntime(<Slot slot={slot} path="p" />, { registry: testRegistry });
    expect(screen.getAllByTestId('text').map((el) => el.textContent)).toEqual(['flag on', 'visitor only']);
  });

  it('evaluates gates against the server startup flags, not only the tenant file', () => {
    const slot = slotOf({ mail: { widget: 'text', props: { value: 'mail' }, gate: { flag: 'MAILCEN' } } }, ['mail']);
    renderWithRuntime(<Slot slot={slot} path="p" />, { registry: testRegistry, startup: { info: { whitelabel: { MAILCEN: true } } } });
    expect(screen.getByText('mail')).toBeTruthy();
  });

  it('shows a box with the node path for an unknown widget in development', () => {
    const slot = slotOf(
      { deposit: { widget: 'no-such-widget' }, after: { widget: 'text', props: { value: 'still here' } } },
      ['deposit', 'after'],
    );
    renderWithRuntime(<Slot slot={slot} path="screens.shell.slots.footer" />, { registry: testRegistry, mode: 'development' });
    const box = screen.getByRole('alert');
    expect(box.textContent).toContain('screens.shell.slots.footer.items.deposit');
    expect(box.textContent).toContain('no-such-widget');
    expect(screen.getByText('still here')).toBeTruthy();
  });

  it('renders nothing for an unknown widget in production and logs once per node path', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const slot = slotOf({ deposit: { widget: 'no-such-widget' }, after: { widget: 'text', props: { value: 'ok' } } }, [
      'deposit',
      'after',
    ]);
    const view = renderWithRuntime(<Slot slot={slot} path="screens.shell.slots.footer" />, {
      registry: testRegistry,
      mode: 'production',
    });
    view.rerender(<Slot slot={{ ...slot }} path="screens.shell.slots.footer" />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('ok')).toBeTruthy();
    const ours = error.mock.calls.filter((args) => String(args[0]).includes('screens.shell.slots.footer.items.deposit'));
    expect(ours).toHaveLength(1);
  });

  it('contains a throwing widget: its siblings still render (development box)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const slot = slotOf(
      {
        before: { widget: 'text', props: { value: 'before' } },
        broken: { widget: 'boom' },
        after: { widget: 'text', props: { value: 'after' } },
      },
      ['before', 'broken', 'after'],
    );
    renderWithRuntime(<Slot slot={slot} path="screens.home.slots.main" />, { registry: testRegistry, mode: 'development' });
    expect(screen.getAllByTestId('text').map((el) => el.textContent)).toEqual(['before', 'after']);
    const box = screen.getByRole('alert');
    expect(box.textContent).toContain('screens.home.slots.main.items.broken');
    expect(box.textContent).toContain('kaboom');
  });

  it('contains a throwing widget in production: no box, siblings render, one log line', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const slot = slotOf(
      { broken: { widget: 'boom' }, after: { widget: 'text', props: { value: 'after' } } },
      ['broken', 'after'],
    );
    renderWithRuntime(<Slot slot={slot} path="screens.home.slots.main" />, { registry: testRegistry, mode: 'production' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('after')).toBeTruthy();
    const ours = error.mock.calls.filter((args) => String(args[0]).includes('screens.home.slots.main.items.broken'));
    expect(ours).toHaveLength(1);
  });

  it('renders children slots inside their container, recursively, with their own gates', () => {
    const slot = slotOf(
      {
        outer: {
          widget: 'box',
          props: { label: 'outer' },
          children: slotOf(
            {
              one: { widget: 'text', props: { value: 'one' } },
              hidden: { widget: 'text', props: { value: 'hidden' }, gate: { flag: 'MAILCEN' } },
              inner: {
                widget: 'box',
                props: { label: 'inner' },
                children: slotOf({ two: { widget: 'text', props: { value: 'two' } } }, ['two']),
              },
            },
            ['inner', 'one', 'hidden'],
          ),
        },
      },
      ['outer'],
    );
    renderWithRuntime(<Slot slot={slot} path="p" />, { registry: testRegistry });
    const outer = screen.getByRole('region', { name: 'outer' });
    const inner = within(outer).getByRole('region', { name: 'inner' });
    expect(within(inner).getByText('two')).toBeTruthy();
    expect(within(outer).getAllByTestId('text').map((el) => el.textContent)).toEqual(['two', 'one']);
    expect(screen.queryByText('hidden')).toBeNull();
  });

  it('names a broken child by its full path through the children slot', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const slot = slotOf(
      { bar: { widget: 'box', props: { label: 'bar' }, children: slotOf({ x: { widget: 'boom' } }, ['x']) } },
      ['bar'],
    );
    renderWithRuntime(<Slot slot={slot} path="screens.shell.slots.footer" />, { registry: testRegistry });
    expect(screen.getByRole('alert').textContent).toContain('screens.shell.slots.footer.items.bar.children.items.x');
  });

  it('merges the widget defaults under the node props', () => {
    const slot = slotOf(
      {
        plain: { widget: 'toned', props: { value: 'mine' } },
        loud: { widget: 'toned', props: { tone: 'loud' } },
      },
      ['plain', 'loud'],
    );
    const { container } = renderWithRuntime(<Slot slot={slot} path="p" />, { registry: testRegistry });
    const ems = [...container.querySelectorAll('em')].map((el) => [el.textContent, el.dataset.tone]);
    expect(ems).toEqual([
      ['mine', 'muted'],
      ['default value', 'loud'],
    ]);
  });

  it('flags an order entry that names no item (development) instead of crashing', () => {
    const slot = slotOf({ a: { widget: 'text', props: { value: 'A' } } }, ['a', 'ghost']);
    renderWithRuntime(<Slot slot={slot} path="p" />, { registry: testRegistry });
    expect(screen.getByText('A')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('p.items.ghost');
  });

  it('renderSlot renders like <Slot>, and an absent slot renders nothing', () => {
    const slot = slotOf({ a: { widget: 'text', props: { value: 'A' } } }, ['a']);
    const { container } = renderWithRuntime(
      <>
        {renderSlot(slot, { path: 'p' })}
        {renderSlot(undefined, { path: 'q' })}
      </>,
      { registry: testRegistry },
    );
    expect(container.textContent).toBe('A');
  });

  it('renders the fixture shell footer through the real registry as links in order', () => {
    const tenant = fixtureTenant();
    renderWithRuntime(<Slot slot={tenant.screens.shell.slots.footer} path="screens.shell.slots.footer" />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/m/home',
      '/m/activity',
      '/m/voucherCenter',
      '/m/inviteFriends',
      '/m/mine',
    ]);
    expect(links[0].textContent).toContain(TY.home);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('selectVariant', () => {
  const screenWithVariant: Screen = {
    variant: { setting: 'mobileTemplate.mem_cen', cases: { '1': 'new' }, default: 'base' },
    slots: {},
  };

  it('returns the case for the setting value', () => {
    expect(selectVariant(screenWithVariant, { mobileTemplate: { mem_cen: '1' } })).toBe('new');
  });

  it('returns the default for another value, a missing setting, or an inherited key', () => {
    expect(selectVariant(screenWithVariant, { mobileTemplate: { mem_cen: '0' } })).toBe('base');
    expect(selectVariant(screenWithVariant, {})).toBe('base');
    expect(selectVariant(screenWithVariant, { mobileTemplate: { mem_cen: 'toString' } })).toBe('base');
  });

  it('matches numeric and boolean setting values by their string form', () => {
    const s: Screen = { variant: { setting: 'x', cases: { '1': 'one', true: 'yes' }, default: 'd' }, slots: {} };
    expect(selectVariant(s, { x: 1 })).toBe('one');
    expect(selectVariant(s, { x: true })).toBe('yes');
  });

  it('returns undefined for a screen without variants', () => {
    expect(selectVariant({ slots: {} }, {})).toBeUndefined();
  });
});
