import type { Site, SiteClient } from '@inspecta/contract';
import type { ClientRow, SiteView } from './sites.repository.js';

export function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

export function toSiteClient(row: ClientRow): SiteClient {
  return {
    id: row.id,
    name: personName(row),
    company: row.company,
    email: row.email,
    phone: row.phone,
    status: row.status,
  };
}

export function toSite(row: SiteView, client: ClientRow | null): Site {
  return {
    id: row.id,
    siteCode: row.siteCode,
    name: row.name,
    status: row.status,
    clientId: row.clientId,
    client: client ? toSiteClient(client) : null,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    district: row.district,
    state: row.state,
    pincode: row.pincode,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    otherContacts: row.otherContacts.map((c) => ({
      name: c.name,
      role: c.role ?? null,
      phone: c.phone ?? null,
      email: c.email ?? null,
    })),
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
