// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { Profiler, type ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Slot as SlotData } from '../../src/generated/tenant';
import type { GateContext } from '../../src/lib/gates';
import { useRuntime, useRuntimeActions, type BadgeCounts, type RuntimeActions } from '../../src/lib/runtime';
import { Slot, type WidgetRegistry } from '../../src/renderer';
import { registry } from '../../widgets/registry';
import { Harness, type HarnessOptions } from './harness';

/** Commits per item label since the last reset, whatever caused them (the item's own hooks included). */
const commits = new Map<string, number>();

const navItem = registry['nav-item'];
const NavItem = navItem.component as ComponentType<Record<string, unknown>>;

/** The real nav-item inside a Profiler, so a re-render the item causes itself is counted too. */
function CountedNavItem(props: Record<string, unknown>) {
  const label = String(props.label);
  return (
    <Profiler id={label} onRender={() => commits.set(label, (commits.get(label) ?? 0) + 1)}>
      <NavItem {...props} />
    </Profiler>
  );
}

const countingRegistry: WidgetRegistry = { ...registry, 'nav-item': { ...navItem, component: CountedNavItem } };

const SLOT: SlotData = {
  items: {
    messages: { widget: 'nav-item', props: { label: 'message_center', to: '/m/webEmail', badge: 'unreadMessages' } },
    rewards: { widget: 'nav-item', props: { label: 'reward_center', to: '/m/rewardCenter', badge: 'unclaimedPromotions' } },
    settings: { widget: 'nav-item', props: { label: 'settings', to: '/m/set' } },
  },
  order: ['messages', 'rewards', 'settings'],
};

// One element for every render, as the app's providers receive their children: only the runtime's props change.
const ui = <Slot slot={SLOT} path="screens.test.slots.main" />;

function renderSlot(badges: BadgeCounts, extra: HarnessOptions = {}) {
  const view = render(<Harness options={{ registry: countingRegistry, badges, ...extra }}>{ui}</Harness>);
  commits.clear();
  return (next: BadgeCounts, nextExtra: HarnessOptions = extra) =>
    view.rerender(<Harness options={{ registry: countingRegistry, badges: next, ...nextExtra }}>{ui}</Harness>);
}

const count = (label: string) => commits.get(label) ?? 0;

beforeEach(() => commits.clear());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('badge counts re-render only the items that show them', () => {
  it('a new unread count re-renders the unread-messages item, not its neighbours', () => {
    const update = renderSlot({ unreadMessages: 1, unclaimedPromotions: 2 });
    update({ unreadMessages: 5, unclaimedPromotions: 2 });
    expect([count('message_center'), count('reward_center'), count('settings')]).toEqual([1, 0, 0]);
    expect(document.querySelector('a[href="/m/webEmail"] .nav-item__dot')?.textContent).toBe('5');
  });

  it('a new promotions count re-renders the promotions item only', () => {
    const update = renderSlot({ unreadMessages: 1, unclaimedPromotions: 2 });
    update({ unreadMessages: 1, unclaimedPromotions: 3 });
    expect([count('message_center'), count('reward_center'), count('settings')]).toEqual([0, 1, 0]);
    expect(document.querySelector('a[href="/m/rewardCenter"] .nav-item__count')?.textContent).toBe('3');
  });

  it('new badge objects with the same counts re-render nothing', () => {
    const update = renderSlot({ unreadMessages: 1, unclaimedPromotions: 2 });
    update({ unreadMessages: 1, unclaimedPromotions: 2 });
    expect([count('message_center'), count('reward_center'), count('settings')]).toEqual([0, 0, 0]);
  });
});

describe('runtime identities', () => {
  function probe() {
    const seen: { gate: GateContext; actions: RuntimeActions; dispatch: RuntimeActions['dispatch'] }[] = [];
    function Probe() {
      // useRuntime re-renders on any change, so every update is observed.
      const runtime = useRuntime();
      seen.push({ gate: runtime.gateContext, actions: useRuntimeActions(), dispatch: runtime.dispatch });
      return null;
    }
    return { seen, probeUi: <Probe /> };
  }

  it('a badge change keeps the gate context and the actions', () => {
    const { seen, probeUi } = probe();
    const options = (badges: BadgeCounts, navigate: () => void): HarnessOptions => ({ badges, navigate, actionHandlers: { referral: () => {} } });
    const view = render(<Harness options={options({ unreadMessages: 1 }, () => {})}>{probeUi}</Harness>);
    view.rerender(<Harness options={options({ unreadMessages: 2 }, () => {})}>{probeUi}</Harness>);
    expect(seen.length).toBeGreaterThan(1);
    const [first, last] = [seen[0], seen[seen.length - 1]];
    expect(last.gate).toBe(first.gate);
    expect(last.actions).toBe(first.actions);
    expect(last.dispatch).toBe(first.dispatch);
  });

  it('a gate input (an upline) gives a new gate context, once', () => {
    const { seen, probeUi } = probe();
    const view = render(<Harness options={{ hasUpline: false }}>{probeUi}</Harness>);
    view.rerender(<Harness options={{ hasUpline: true }}>{probeUi}</Harness>);
    view.rerender(<Harness options={{ hasUpline: true, badges: { unreadMessages: 3 } }}>{probeUi}</Harness>);
    const gates = [...new Set(seen.map((s) => s.gate))];
    expect(gates.map((g) => g.hasUpline)).toEqual([false, true]);
  });

  it('actions use the latest handlers although their identity stays', () => {
    const { seen, probeUi } = probe();
    const calls: string[] = [];
    const view = render(<Harness options={{ actionHandlers: { referral: () => calls.push('first') } }}>{probeUi}</Harness>);
    view.rerender(<Harness options={{ actionHandlers: { referral: () => calls.push('second') } }}>{probeUi}</Harness>);
    seen[0].actions.dispatch('referral');
    expect(calls).toEqual(['second']);
  });
});
