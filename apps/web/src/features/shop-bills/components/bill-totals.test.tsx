import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { BillTotalsPanel } from './bill-totals';

describe('BillTotalsPanel', async () => {
  it('past 10,000 matching bills shows the count and says why there is no money', async () => {
    renderWithProviders(
      <BillTotalsPanel
        totals={{
          count: 10_000,
          countIsCapped: true,
          taxablePaise: null,
          cgstPaise: null,
          sgstPaise: null,
          igstPaise: null,
          totalPaise: null,
        }}
      />,
    );
    expect((await screen.findByTestId('bill-totals-count')).textContent).toBe('10,000+');
    expect(screen.getByTestId('bill-totals-unsummed').textContent).toBe(
      'Totals shown for up to 10,000 bills: narrow the filters to see the amounts.',
    );
    expect(screen.queryByTestId('bill-totals-total')).toBeNull();
    expect(screen.queryByTestId('bill-totals-taxable')).toBeNull();
  });

  it('within the cap shows every figure', async () => {
    renderWithProviders(
      <BillTotalsPanel
        totals={{
          count: 2,
          countIsCapped: false,
          taxablePaise: 200000,
          cgstPaise: 18000,
          sgstPaise: 18000,
          igstPaise: 0,
          totalPaise: 236000,
        }}
      />,
    );
    expect((await screen.findByTestId('bill-totals-count')).textContent).toBe('2');
    expect(screen.getByTestId('bill-totals-total').textContent).toBe('₹2,360.00');
    expect(screen.queryByTestId('bill-totals-unsummed')).toBeNull();
  });
});
