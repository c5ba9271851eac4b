import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDayFormat } from '@/lib/dates';
import { renderWithProviders } from '@/testing/test-utils';
import { DateField } from './date-field';

function Controlled({ initial, onDay }: { initial: string; onDay: (day: string) => void }) {
  const [day, setDay] = useState(initial);
  return (
    <DateField
      label="Due on"
      value={day}
      onChange={(next) => {
        setDay(next);
        onDay(next);
      }}
    />
  );
}

describe('DateField', () => {
  afterEach(() => setDayFormat('D MMM YYYY'));

  it("shows and takes the day in the organisation's format", () => {
    setDayFormat('DD/MM/YYYY');
    const onDay = vi.fn();
    renderWithProviders(<Controlled initial="2026-03-25" onDay={onDay} />);
    const input = screen.getByLabelText('Due on') as HTMLInputElement;
    expect(input.value).toBe('25/03/2026');
    expect(input.placeholder).toBe('DD/MM/YYYY');

    fireEvent.change(input, { target: { value: '07/01/2026' } });
    expect(onDay).toHaveBeenLastCalledWith('2026-01-07');
    expect(input.value).toBe('07/01/2026');

    // A machine (or a paste) may give YYYY-MM-DD; leaving the field writes it in the format.
    fireEvent.change(input, { target: { value: '2026-02-03' } });
    expect(onDay).toHaveBeenLastCalledWith('2026-02-03');
    fireEvent.blur(input);
    expect(input.value).toBe('03/02/2026');
  });

  it('says how to write the date when the text is not a day, and clears the value', () => {
    setDayFormat('DD/MM/YYYY');
    const onDay = vi.fn();
    renderWithProviders(<Controlled initial="2026-03-25" onDay={onDay} />);
    const input = screen.getByLabelText('Due on') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '31/02/2026' } });
    expect(onDay).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(screen.getByText('Enter the date as DD/MM/YYYY')).toBeTruthy();
    expect(onDay).toHaveBeenLastCalledWith('');
    expect(input.value).toBe('31/02/2026');
  });

  it('follows a change of the format', () => {
    setDayFormat('DD/MM/YYYY');
    renderWithProviders(<Controlled initial="2026-03-25" onDay={() => {}} />);
    const input = screen.getByLabelText('Due on') as HTMLInputElement;
    act(() => setDayFormat('MM/DD/YYYY'));
    expect(input.value).toBe('03/25/2026');
    act(() => setDayFormat('D MMM YYYY'));
    expect(input.value).toBe('25 Mar 2026');
  });
});
