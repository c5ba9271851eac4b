import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { matchingMediaQueries } from '@/testing/setup-tests';
import { Greeting } from './greeting';

function renderGreeting(firstName: string) {
  return render(
    <MantineProvider>
      <Greeting firstName={firstName} />
    </MantineProvider>,
  );
}

const text = () => screen.getByTestId('greeting').textContent;

describe('Greeting', () => {
  it('types "Welcome, {firstName}" one character per 100 ms, then waves 300 ms later', () => {
    vi.useFakeTimers();
    renderGreeting('Ada');
    expect(text()).toBe('');
    act(() => vi.advanceTimersByTime(100));
    expect(text()).toBe('W');
    act(() => vi.advanceTimersByTime(400));
    expect(text()).toBe('Welco');
    expect(screen.queryByTestId('greeting-wave')).toBeNull();

    act(() => vi.advanceTimersByTime(699)); // 12 characters = 1200 ms
    expect(text()).toBe('Welcome, Ad');
    act(() => vi.advanceTimersByTime(1));
    expect(text()).toBe('Welcome, Ada👋');
    expect(screen.getByTestId('greeting-wave').dataset.waving).toBe('false');

    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByTestId('greeting-wave').dataset.waving).toBe('false');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('greeting-wave').dataset.waving).toBe('true');
  });

  it('shows the whole text at once and never waves with prefers-reduced-motion', () => {
    matchingMediaQueries.add('(prefers-reduced-motion: reduce)');
    vi.useFakeTimers();
    renderGreeting('Ada');
    expect(text()).toBe('Welcome, Ada👋');
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByTestId('greeting-wave').dataset.waving).toBe('false');
  });
});
