// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RangeBar, rangeQuery, TODAY_RANGE, type RangeValue } from '../../../src/features/records';
import { renderWithRuntime, TY } from '../../renderer/harness';
import { fixtureTenant } from '../../renderer/fixtures/tenant';

/** 00:30 on 11 March in Manila (UTC+8), still 10 March in UTC and in Los Angeles. */
const NOW = Date.parse('2026-03-10T16:30:00Z');

function tenantIn(timeZone: string) {
  const tenant = fixtureTenant();
  tenant.settings.timeZone = timeZone;
  return tenant;
}

function Controlled({ onChange, initial = TODAY_RANGE }: { onChange(v: RangeValue): void; initial?: RangeValue }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RangeBar
        value={value}
        onChange={(v) => {
          onChange(v);
          setValue(v);
        }}
      />
      <output data-testid="value">{JSON.stringify(rangeQuery(value))}</output>
    </>
  );
}

const chip = (key: string) => screen.getByRole('button', { name: TY[key] });
const input = (key: string) => screen.getByLabelText(TY[key]) as HTMLInputElement;
const shown = () => JSON.parse(screen.getByTestId('value').textContent ?? '{}') as unknown;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('RangeBar', () => {
  it('starts on today and passes each preset on', () => {
    const onChange = vi.fn();
    renderWithRuntime(<Controlled onChange={onChange} />, { tenant: tenantIn('Asia/Manila') });
    expect(chip('range_today').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByLabelText(TY.range_start)).toBeNull();
    fireEvent.click(chip('range_7d'));
    expect(onChange).toHaveBeenLastCalledWith({ choice: '7d' });
    expect(chip('range_7d').getAttribute('aria-pressed')).toBe('true');
    expect(chip('range_today').getAttribute('aria-pressed')).toBe('false');
    expect(shown()).toEqual({ range: '7d' });
  });

  it("limits custom days to the last 90 of the tenant's calendar, not the phone's", () => {
    renderWithRuntime(<Controlled onChange={() => {}} />, { tenant: tenantIn('Asia/Manila') });
    fireEvent.click(chip('range_custom'));
    expect(input('range_start').max).toBe('2026-03-11');
    expect(input('range_start').min).toBe('2025-12-12');
    expect(input('range_end').max).toBe('2026-03-11');
    // The range it opens with is the one shown before: Manila's today.
    expect(input('range_start').value).toBe('2026-03-11');
    expect(shown()).toEqual({ range: 'custom', start: '2026-03-11', end: '2026-03-11' });
    cleanup();

    renderWithRuntime(<Controlled onChange={() => {}} />, { tenant: tenantIn('America/Los_Angeles') });
    fireEvent.click(chip('range_custom'));
    expect(input('range_end').max).toBe('2026-03-10');
    expect(input('range_end').min).toBe('2025-12-11');
  });

  it('opens custom on the preset shown before it', () => {
    renderWithRuntime(<Controlled onChange={() => {}} initial={{ choice: '30d' }} />, { tenant: tenantIn('Asia/Manila') });
    fireEvent.click(chip('range_custom'));
    expect(shown()).toEqual({ range: 'custom', start: '2026-02-10', end: '2026-03-11' });
    expect(chip('range_custom').getAttribute('aria-pressed')).toBe('true');
    expect(chip('range_30d').getAttribute('aria-pressed')).toBe('false');
  });

  it.each([
    ['end after today', { end: '2026-03-12' }, 'err_date_range_future', 'range_end'],
    ['end before start', { start: '2026-03-05', end: '2026-03-04' }, 'err_date_range_order', 'range_end'],
    ['start before the last 90 days', { start: '2025-12-11', end: '2025-12-20' }, 'err_date_range_old', 'range_start'],
    ['an unreadable date', { start: '' }, 'err_date_invalid', 'range_start'],
  ])('shows %s inline and keeps the last good range', (_, change, messageKey, field) => {
    const onChange = vi.fn();
    renderWithRuntime(<Controlled onChange={onChange} />, { tenant: tenantIn('Asia/Manila') });
    fireEvent.click(chip('range_custom'));
    onChange.mockClear();
    const before = shown();
    for (const [name, value] of Object.entries(change)) fireEvent.change(input(name === 'start' ? 'range_start' : 'range_end'), { target: { value } });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(TY[messageKey]);
    expect(input(field).getAttribute('aria-invalid')).toBe('true');
    expect(input(field).getAttribute('aria-describedby')).toBe(alert.id);
    // A valid first step (the start of "end before start") may pass on; the refused one does not.
    expect(shown()).toEqual(onChange.mock.calls.length ? rangeQuery(onChange.mock.calls.at(-1)![0] as RangeValue) : before);
    expect(onChange.mock.calls.every(([v]) => (v as RangeValue).end !== '2026-03-12' && (v as RangeValue).end !== '2026-03-04' && (v as RangeValue).start !== '2025-12-11')).toBe(true);
  });

  it('passes a valid custom range on, and a preset closes custom', () => {
    const onChange = vi.fn();
    renderWithRuntime(<Controlled onChange={onChange} />, { tenant: tenantIn('Asia/Manila') });
    fireEvent.click(chip('range_custom'));
    fireEvent.change(input('range_start'), { target: { value: '2025-12-12' } });
    expect(onChange).toHaveBeenLastCalledWith({ choice: 'custom', start: '2025-12-12', end: '2026-03-11' });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(chip('range_yesterday'));
    expect(onChange).toHaveBeenLastCalledWith({ choice: 'yesterday' });
    expect(screen.queryByLabelText(TY.range_start)).toBeNull();
  });

  it('checks against the day it is when the date is picked, not when the page opened', () => {
    renderWithRuntime(<Controlled onChange={() => {}} />, { tenant: tenantIn('Asia/Manila') });
    fireEvent.click(chip('range_custom'));
    act(() => vi.setSystemTime(NOW + 24 * 3_600_000));
    fireEvent.change(input('range_end'), { target: { value: '2026-03-12' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(shown()).toEqual({ range: 'custom', start: '2026-03-11', end: '2026-03-12' });
    expect(input('range_end').max).toBe('2026-03-12');
  });
});

describe('rangeQuery', () => {
  it('sends a preset alone and custom with its days', () => {
    expect(rangeQuery({ choice: 'today', start: '2026-01-01' })).toEqual({ range: 'today' });
    expect(rangeQuery({ choice: 'custom', start: '2026-01-01', end: '2026-01-31' })).toEqual({ range: 'custom', start: '2026-01-01', end: '2026-01-31' });
  });
});
