import { describe, expect, it } from 'vitest';
import { emptySiteForm, formToBody, missingForSave, stepOfField, validateSteps } from './site-form';

describe('site form', () => {
  it('maps form values to the request body', () => {
    const body = formToBody({
      ...emptySiteForm(),
      name: 'Andheri Tower',
      clientId: '7',
      latitude: '19.1',
      longitude: 72.8,
      otherContacts: [{ key: 'k', name: 'Desk', role: '', phone: '022 4000 1234', email: '' }],
    });
    expect(body).toMatchObject({ name: 'Andheri Tower', clientId: 7, latitude: 19.1, longitude: 72.8 });
    expect(body).not.toHaveProperty('siteCode');
    expect(body.otherContacts).toEqual([{ name: 'Desk', role: '', phone: '022 4000 1234', email: '' }]);
  });

  it('finds the step of a field, nested ones included', () => {
    expect(stepOfField('clientId')).toBe(0);
    expect(stepOfField('pincode')).toBe(1);
    expect(stepOfField('otherContacts.2.phone')).toBe(2);
  });

  it('checks formats in a draft and required fields only when the site must be complete', () => {
    const values = { ...emptySiteForm(), name: 'X', pincode: '012345', contactPhone: 'abc' };
    expect(validateSteps(values, [1], { requireComplete: false, existing: false })).toEqual({
      pincode: 'Enter a 6-digit PIN code that does not start with 0',
    });
    const complete = validateSteps({ ...values, pincode: '' }, [1], {
      requireComplete: true,
      existing: true,
    });
    expect(Object.keys(complete).sort()).toEqual(['addressLine1', 'city', 'pincode', 'state']);
    expect(validateSteps(values, [0], { requireComplete: false, existing: true })).toEqual({
      siteCode: 'Enter the SiteId no.',
    });
  });

  it('lists what a draft still needs, with the step to fix it in', () => {
    const missing = missingForSave({ ...emptySiteForm(), name: 'X', city: 'Pune' });
    expect(missing.map((m) => [m.field, m.step])).toEqual([
      ['clientId', 0],
      ['addressLine1', 1],
      ['state', 1],
      ['pincode', 1],
      ['contactName', 2],
      ['contactPhone', 2],
    ]);
  });
});
