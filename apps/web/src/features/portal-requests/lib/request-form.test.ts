import { INSPECTION_REQUEST_MESSAGE_MAX } from '@inspecta/contract';
import { describe, expect, it } from 'vitest';
import { emptyRequestForm, requestBodyOf, validateRequestForm } from './request-form';

const TODAY = '2026-06-15';

describe('the request form', () => {
  it('asks for a site and a message', () => {
    const result = validateRequestForm(emptyRequestForm(), TODAY);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.siteId).toBe('Choose a site');
    expect(result.errors.message).toBe('Message is required');
  });

  it('sends the whole site with no units, no category and any day', () => {
    const result = validateRequestForm(
      { ...emptyRequestForm('7'), message: '  Please check the pumps  ' },
      TODAY,
    );
    expect(result).toEqual({
      ok: true,
      body: {
        siteId: 7,
        equipmentIds: [],
        categoryId: null,
        preferredDate: null,
        message: 'Please check the pumps',
      },
    });
  });

  it('sends the chosen units (once each), category and date', () => {
    const result = validateRequestForm(
      {
        siteId: '7',
        equipmentIds: ['12', '13', '12'],
        categoryId: '2',
        preferredDate: '2026-06-20',
        message: 'Annual',
      },
      TODAY,
    );
    expect(result.ok && result.body).toEqual({
      siteId: 7,
      equipmentIds: [12, 13],
      categoryId: 2,
      preferredDate: '2026-06-20',
      message: 'Annual',
    });
  });

  it('refuses a preferred date in the past, and takes today', () => {
    const past = validateRequestForm(
      { ...emptyRequestForm('7'), message: 'x', preferredDate: '2026-06-14' },
      TODAY,
    );
    expect(!past.ok && past.errors.preferredDate).toBe('Preferred date cannot be in the past');
    const today = validateRequestForm(
      { ...emptyRequestForm('7'), message: 'x', preferredDate: TODAY },
      TODAY,
    );
    expect(today.ok).toBe(true);
  });

  it('refuses a date that is not one, with the contract message', () => {
    const result = validateRequestForm(
      { ...emptyRequestForm('7'), message: 'x', preferredDate: '2026-02-30' },
      TODAY,
    );
    expect(!result.ok && result.errors.preferredDate).toBe('Preferred date must be a date (YYYY-MM-DD)');
  });

  it('refuses a message longer than the contract allows', () => {
    const result = validateRequestForm(
      { ...emptyRequestForm('7'), message: 'a'.repeat(INSPECTION_REQUEST_MESSAGE_MAX + 1) },
      TODAY,
    );
    expect(!result.ok && result.errors.message).toBe(
      `Message must be at most ${INSPECTION_REQUEST_MESSAGE_MAX} characters`,
    );
  });

  it('turns the typed values into the API body', () => {
    expect(
      requestBodyOf({ siteId: null, equipmentIds: [], categoryId: null, preferredDate: ' ', message: '' }),
    ).toEqual({ siteId: 0, equipmentIds: [], categoryId: null, preferredDate: null, message: '' });
  });
});
