import { describe, expect, it } from 'vitest';
import {
  assignmentLink,
  equipmentLink,
  formatTotal,
  productLink,
  showAllLink,
  siteLink,
  userLink,
} from './result-links';

describe('search result links', () => {
  it('opens each object where its screen reads it', () => {
    expect(siteLink(12)).toBe('/dashboard/site-management/12');
    expect(equipmentLink(7)).toBe('/dashboard/equipment-management?unit=7');
    expect(userLink(3)).toBe('/dashboard/user-management?user=3');
  });

  it('opens an assignment in the short list that holds it', () => {
    const site = { id: 5, siteCode: 'ST-000005', name: 'Tower' };
    expect(assignmentLink({ status: 'assigned', site })).toBe(
      '/dashboard/inspection-management?site=5&status=assigned',
    );
    expect(assignmentLink({ status: 'in_progress', site })).toBe(
      '/dashboard/inspection-management?site=5&status=in_progress',
    );
    expect(assignmentLink({ status: 'completed', site })).toBe(
      '/dashboard/inspection-management?tab=history&site=5',
    );
    expect(assignmentLink({ status: 'cancelled', site })).toBe(
      '/dashboard/inspection-management?tab=history&status=cancelled&site=5',
    );
  });

  it('filters each list by the same term, encoded', () => {
    expect(showAllLink('sites', 'st 0&1')).toBe('/dashboard/site-management?search=st+0%261');
    expect(showAllLink('equipment', 'SN-1')).toBe('/dashboard/equipment-management?search=SN-1');
    expect(showAllLink('users', 'anil')).toBe('/dashboard/user-management?search=anil');
    expect(showAllLink('inspections', '42')).toBe('/dashboard/inspection-management?tab=history&search=42');
    expect(showAllLink('products', 'FE-RF')).toBe('/dashboard/shop/products?search=FE-RF');
  });

  it('opens a product on its shop page', () => {
    expect(productLink(17)).toBe('/dashboard/shop/products/17');
  });

  it('shows a capped count with a plus', () => {
    expect(formatTotal({ total: 7, totalCapped: false })).toBe('7');
    expect(formatTotal({ total: 1000, totalCapped: true })).toBe('1,000+');
  });
});
