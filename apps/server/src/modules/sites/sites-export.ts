import type { SiteStatus } from '@inspecta/contract';
import type { ExportColumn } from '../../core/tabular-export.js';
import { personName } from './sites.mapper.js';
import type { SiteWithClient } from './sites.repository.js';

const STATUS_LABEL: Record<SiteStatus, string> = { draft: 'Draft', active: 'Active', inactive: 'Inactive' };

export type SiteExportRow = SiteWithClient & { equipmentCount: number };

/** The columns of the site register export: the list's columns plus the address and contact. */
export const SITE_EXPORT_COLUMNS: ExportColumn<SiteExportRow>[] = [
  { heading: 'Id', width: 8, value: (r) => r.site.id },
  { heading: 'SiteId no.', width: 14, value: (r) => r.site.siteCode },
  { heading: 'Name', width: 32, value: (r) => r.site.name },
  { heading: 'Status', width: 10, value: (r) => STATUS_LABEL[r.site.status] },
  { heading: 'Client', width: 24, value: (r) => (r.client ? personName(r.client) : null) },
  { heading: 'Client company', width: 26, value: (r) => r.client?.company ?? null },
  { heading: 'Address line 1', width: 30, value: (r) => r.site.addressLine1 },
  { heading: 'Address line 2', width: 24, value: (r) => r.site.addressLine2 },
  { heading: 'City', width: 16, value: (r) => r.site.city },
  { heading: 'District', width: 16, value: (r) => r.site.district },
  { heading: 'State', width: 16, value: (r) => r.site.state },
  { heading: 'PIN code', width: 10, value: (r) => r.site.pincode },
  { heading: 'Country', width: 12, value: (r) => r.site.country },
  { heading: 'Latitude', width: 11, value: (r) => r.site.latitude },
  { heading: 'Longitude', width: 11, value: (r) => r.site.longitude },
  { heading: 'Contact name', width: 22, value: (r) => r.site.contactName },
  { heading: 'Contact phone', width: 17, value: (r) => r.site.contactPhone },
  { heading: 'Contact email', width: 28, value: (r) => r.site.contactEmail },
  { heading: 'Equipment', width: 11, value: (r) => r.equipmentCount },
  { heading: 'Created (UTC)', width: 18, kind: 'dateTime', value: (r) => r.site.createdAt },
  { heading: 'Updated (UTC)', width: 18, kind: 'dateTime', value: (r) => r.site.updatedAt },
];
