import type { EquipmentSummary } from '@inspecta/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setDayFormat } from '@/lib/dates';
import { renderWithProviders } from '@/testing/test-utils';
import { EquipmentTab } from './equipment-tab';

const summary: EquipmentSummary = {
  total: 3,
  byStatus: { in_service: 2, out_of_service: 1, retired: 0 },
  byDueState: { overdue: 0, dueSoon: 1, upToDate: 2, notScheduled: 0 },
  nextDueOn: '2026-10-26',
};

describe('EquipmentTab', () => {
  afterEach(() => setDayFormat('D MMM YYYY'));

  it("writes the earliest due date in the organisation's date format", async () => {
    setDayFormat('DD/MM/YYYY');
    renderWithProviders(<EquipmentTab summary={summary} siteId={42} />);
    expect(await screen.findByText(/The earliest due date is 26\/10\/2026\./)).toBeTruthy();
  });

  it('follows another format too', async () => {
    setDayFormat('MM/DD/YYYY');
    renderWithProviders(<EquipmentTab summary={summary} siteId={42} />);
    expect(await screen.findByText(/The earliest due date is 10\/26\/2026\./)).toBeTruthy();
  });
});
