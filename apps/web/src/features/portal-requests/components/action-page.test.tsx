import type { PortalActionDetail } from '@inspecta/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { PortalActionView } from './action-page';

function actionWith(patch: Partial<PortalActionDetail>): PortalActionDetail {
  return {
    id: 41,
    title: 'Gauge in the red zone — FE-0012',
    status: 'open',
    priority: 'high',
    overdue: false,
    dueOn: '2026-07-01',
    site: { id: 3, name: 'Orion Mall', siteCode: 'ST-000003' },
    equipment: { id: 12, name: 'Extinguisher, lobby', assetTag: 'FE-0012' },
    inspectionId: 90,
    itemLabel: 'Gauge in the green zone',
    ownedByYou: false,
    createdAt: '2026-06-20T10:00:00.000Z',
    updatedAt: '2026-06-20T10:00:00.000Z',
    description: null,
    comments: [
      {
        id: 1,
        author: { id: 5, name: 'Asha Admin', role: 'staff' },
        body: 'The refill is booked.',
        photos: [],
        createdAt: '2026-06-21T10:00:00.000Z',
      },
      {
        id: 2,
        author: { id: 8, name: 'Chandra Client', role: 'you' },
        body: 'Thank you.',
        photos: [],
        createdAt: '2026-06-21T11:00:00.000Z',
      },
    ],
    ...patch,
  };
}

describe('the portal action page', () => {
  it('offers "Upload evidence" only when the action is yours', () => {
    const { unmount } = renderWithProviders(<PortalActionView action={actionWith({ ownedByYou: false })} />, {
      url: '/portal/actions/41',
    });
    expect(screen.queryByRole('heading', { name: 'Upload evidence' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload evidence' })).toBeNull();
    expect(screen.queryByText('Yours to fix')).toBeNull();
    unmount();

    renderWithProviders(<PortalActionView action={actionWith({ ownedByYou: true })} />, {
      url: '/portal/actions/41',
    });
    expect(screen.getByRole('heading', { name: 'Upload evidence' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload evidence' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose a photo' })).toBeTruthy();
    expect(screen.getByText('Yours to fix')).toBeTruthy();
  });

  it('shows the shared comments, the client\'s own as "You", and a comment box', () => {
    renderWithProviders(<PortalActionView action={actionWith({})} />, { url: '/portal/actions/41' });
    const comments = screen.getAllByTestId('portal-comment');
    expect(comments).toHaveLength(2);
    expect(within(comments[0] as HTMLElement).getByText('Asha Admin')).toBeTruthy();
    expect(within(comments[1] as HTMLElement).getByText('You')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ST-000003 · Orion Mall' }).getAttribute('href')).toBe(
      '/portal/sites/3',
    );
  });
});
