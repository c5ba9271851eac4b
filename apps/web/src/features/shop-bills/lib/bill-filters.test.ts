import { describe, expect, it } from 'vitest';
import { monthOf } from '@/lib/dates';
import { type BillUrlValues, readBillFilters } from './bill-filters';

const blank: BillUrlValues = {
  start_date: '',
  end_date: '',
  id: '',
  client: '',
  kind: '',
  status: '',
  sort: '',
};

describe('bill filters', () => {
  it('knows the first and last day of a month, leap years included', () => {
    expect(monthOf('2026-11-27')).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(monthOf('2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(monthOf('2027-12-31')).toEqual({ start: '2027-12-01', end: '2027-12-31' });
  });

  it('shows this month when the address names no dates, newest first', () => {
    const read = readBillFilters(blank, '2026-11-27');
    expect(read.filters).toEqual({ start_date: '2026-11-01', end_date: '2026-11-30' });
    expect(read.sort).toBe('-issuedOn');
  });

  it('takes every filter from the address and drops what the API would refuse', () => {
    const read = readBillFilters(
      {
        start_date: '2026-04-01',
        end_date: 'any',
        id: ' INV/26-27/000007 ',
        client: '12',
        kind: 'credit_note',
        status: 'nonsense',
        sort: 'drop table',
      },
      '2026-11-27',
    );
    expect(read.filters).toEqual({
      start_date: '2026-04-01',
      id: 'INV/26-27/000007',
      client_id: 12,
      kind: 'credit_note',
    });
    expect(read.endDate).toBe('');
    expect(read.sort).toBe('-issuedOn');
  });

  it('says when the range is the wrong way round instead of asking for it', () => {
    const read = readBillFilters(
      { ...blank, start_date: '2026-11-20', end_date: '2026-11-02' },
      '2026-11-27',
    );
    expect(read.rangeError).toBe('Must not be before the Start date');
    expect(read.filters).toEqual({ start_date: '2026-11-20' });
  });
});
