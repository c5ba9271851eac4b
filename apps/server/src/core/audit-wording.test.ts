import { describe, expect, it } from 'vitest';
import { type AuditEventRow as ActivityRow, describeActivity } from './audit-wording.js';

const row = (values: Partial<ActivityRow>): ActivityRow => ({
  id: 1,
  action: 'site.create',
  entityType: 'site',
  entityId: '7',
  before: null,
  after: null,
  createdAt: new Date('2026-06-03T09:00:00Z'),
  actorId: 2,
  actorFirstName: 'Asha',
  actorLastName: 'Rao',
  ...values,
});

const line = (values: Partial<ActivityRow>, names = new Map<string, string>()) => {
  const a = describeActivity(row(values), names);
  return [a.actor?.name ?? 'System', a.verb, a.object, a.link];
};

describe('recent activity wording', () => {
  it('names the system for events without an actor, with the object from the snapshot', () => {
    expect(
      line({
        action: 'user.bootstrap_admin',
        entityType: 'user',
        entityId: '1',
        actorId: null,
        actorFirstName: null,
        actorLastName: null,
        after: { firstName: 'Priya', lastName: 'Nair' },
      }),
    ).toEqual([
      'System',
      'created the first administrator',
      'Priya Nair',
      '/dashboard/user-management?user=1',
    ]);
  });

  it('words templates, units, types and settings and links each to its screen', () => {
    expect(
      line({
        action: 'template.published',
        entityType: 'template',
        entityId: '4',
        after: { name: 'Lift check' },
      }),
    ).toEqual(['Asha Rao', 'published template', 'Lift check', '/dashboard/invoice/4']);
    expect(
      line({
        action: 'equipment.moved',
        entityType: 'equipment',
        entityId: '9',
        after: { assetTag: 'FX-9', name: 'Extinguisher' },
      }),
    ).toEqual(['Asha Rao', 'moved unit', 'FX-9 (Extinguisher)', '/dashboard/equipment-management?unit=9']);
    expect(
      line({
        action: 'equipment_type.archived',
        entityType: 'equipment_type',
        entityId: '3',
        after: { name: 'Fire pump' },
      }),
    ).toEqual(['Asha Rao', 'archived equipment type', 'Fire pump', '/dashboard/orders?search=Fire%20pump']);
    expect(line({ action: 'settings.organisation', entityType: 'settings', entityId: null })).toEqual([
      'Asha Rao',
      'updated organisation settings',
      null,
      '/dashboard/setting',
    ]);
  });

  it('falls back to the live name, then to the id; deleted objects have no link', () => {
    const names = new Map([['site:7', 'ST-000007 Harbour View']]);
    expect(
      line({ action: 'site.deactivate', before: { status: 'active' }, after: { status: 'inactive' } }, names),
    ).toEqual(['Asha Rao', 'deactivated site', 'ST-000007 Harbour View', '/dashboard/site-management/7']);
    expect(line({ action: 'site.delete', entityId: '8' })).toEqual(['Asha Rao', 'deleted site', '#8', null]);
    expect(
      line({
        action: 'assignment.cancelled',
        entityType: 'assignment',
        entityId: '12',
        after: { siteId: 7 },
      }),
    ).toEqual(['Asha Rao', 'cancelled assignment', '#12', '/dashboard/inspection-management?site=7']);
  });

  it('words shop events and links to the product', () => {
    expect(
      line(
        {
          action: 'shop_stock.written_off',
          entityType: 'shop_product',
          entityId: '12',
          after: { kind: 'write_off', quantityDelta: -2 },
        },
        new Map([['shop_product:12', 'RF-ABC-1 ABC dry powder refill, 1 kg']]),
      ),
    ).toEqual([
      'Asha Rao',
      'wrote off stock of product',
      'RF-ABC-1 ABC dry powder refill, 1 kg',
      '/dashboard/shop/products/12',
    ]);
    expect(
      line({
        action: 'shop_category.archived',
        entityType: 'shop_category',
        entityId: '3',
        after: { name: 'Refills' },
      }),
    ).toEqual(['Asha Rao', 'archived product category', 'Refills', '/dashboard/shop/categories']);
  });
});
