import type { SiteDetailsResponse } from '@inspecta/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sitePaths } from '@/config/paths';
import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';
import { siteKeys } from '../api/keys';
import { SiteWizard } from './site-wizard';

/** A draft with only its name: a draft may move between steps with the rest empty. */
const draft: SiteDetailsResponse = {
  site: {
    id: 5,
    siteCode: 'ST-000005',
    name: 'Orion Mall',
    status: 'draft',
    clientId: null,
    client: null,
    addressLine1: null,
    addressLine2: null,
    city: null,
    district: null,
    state: null,
    pincode: null,
    country: 'India',
    latitude: null,
    longitude: null,
    contactName: null,
    contactPhone: null,
    contactEmail: null,
    otherContacts: [],
    notes: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    createdBy: null,
    equipmentSummary: {
      total: 0,
      byStatus: { in_service: 0, out_of_service: 0, retired: 0 },
      byDueState: { overdue: 0, dueSoon: 0, upToDate: 0, notScheduled: 0 },
      nextDueOn: null,
    },
    assignedInspectors: [],
    latestInspections: [],
  },
};

function renderWizard(step: number) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(siteKeys.details(5), draft);
  return renderWithProviders(<SiteWizard siteId={5} mode="edit" />, {
    url: `${sitePaths.edit(5)}?step=${step}`,
    queryClient,
  });
}

describe('site wizard focus', () => {
  it('leaves the focus alone on arrival (the shell puts it on the heading)', async () => {
    renderWizard(1);
    await screen.findByTestId('wizard-step-details');
    expect(document.activeElement).toBe(document.body);
  });

  it('puts the focus on the first field of the step it moves to, forward and back', async () => {
    renderWizard(1);
    await screen.findByTestId('wizard-step-details');
    fireEvent.click(screen.getByRole('button', { name: /Save and continue/ }));
    await screen.findByTestId('wizard-step-address');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/PIN code/)));

    fireEvent.click(screen.getByRole('button', { name: /Save and continue/ }));
    await screen.findByTestId('wizard-step-contacts');
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByLabelText(/^Name/)[0]));

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByTestId('wizard-step-address');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/PIN code/)));
  });

  it('puts the focus on the review step itself, which has no field', async () => {
    renderWizard(3);
    await screen.findByTestId('wizard-step-contacts');
    fireEvent.click(screen.getByRole('button', { name: /Save and review/ }));
    const review = await screen.findByTestId('wizard-step-review');
    await waitFor(() => expect(document.activeElement).toBe(review));
    expect(review.getAttribute('aria-label')).toBe('Step 4: Review');
  });
});
