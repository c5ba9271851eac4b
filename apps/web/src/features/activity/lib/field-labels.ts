import type { ActivityEntityType } from '@inspecta/contract';
import { humanize } from './labels';

/**
 * The name of each recorded field as the record's form (or drawer) names it, per kind of record, so
 * the activity log and every History panel read "Critical equipment" where the audit event says
 * `isCritical`. A field not listed here is worded by `humanize` (`contactName` → "Contact name").
 * Keep in step with the forms: equipment-form-modal, the site wizard's steps, user-form-drawer,
 * template-details-modal (docs/activity-log.md).
 */
const FIELD_LABELS: Partial<Record<ActivityEntityType, Readonly<Record<string, string>>>> = {
  equipment: {
    siteCode: 'Site',
    siteId: 'Site (id)',
    typeName: 'Equipment type',
    equipmentTypeId: 'Equipment type (id)',
    assetTag: 'Asset tag',
    name: 'Name',
    serialNumber: 'Serial number',
    location: 'Location',
    installedOn: 'Installed on',
    lastInspectedAt: 'Last inspected',
    status: 'Status',
    isCritical: 'Critical equipment',
    nextDueOn: 'Next inspection due',
    lastResult: 'Last inspection result',
  },
  site: {
    name: 'Site name',
    siteCode: 'SiteId no.',
    clientId: 'Client',
    notes: 'Notes',
    addressLine1: 'Street address',
    addressLine2: 'Area / locality',
    city: 'City',
    district: 'District',
    state: 'State',
    pincode: 'PIN code',
    country: 'Country',
    latitude: 'Latitude',
    longitude: 'Longitude',
    contactName: 'Primary contact name',
    contactPhone: 'Primary contact phone',
    contactEmail: 'Primary contact email',
    otherContacts: 'Other contacts',
    status: 'Status',
    createdBy: 'Created by',
    equipmentRemoved: 'Equipment removed',
    // equipment.labels_printed, recorded on the site.
    layout: 'Label layout',
    rowCount: 'Labels printed',
    unitIds: 'Units',
    part: 'Part',
    parts: 'Parts',
  },
  user: {
    userType: 'Role',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phone: 'Phone',
    company: 'Company',
    employeeCode: 'Employee code',
    licenceNumber: 'Licence number',
    status: 'Status',
    profileImage: 'Profile photo',
    lastLoginAt: 'Last sign-in',
    deletedAt: 'Deleted',
    sessionsEnded: 'Sessions ended',
    expiresAt: 'Invitation valid until',
  },
  template: {
    name: 'Name',
    description: 'Description',
    categoryId: 'Inspection category',
    status: 'Status',
    equipmentTypeIds: 'Equipment types',
    defaultForEquipmentTypeIds: 'Default checklist for',
    publishedVersion: 'Published version',
    version: 'Version',
    revision: 'Revision',
    content: 'Checklist',
    changeNote: 'Change note',
    sourceTemplateId: 'Copied from template',
    sourceVersion: 'Copied from version',
  },
};

/** A recorded field of a kind of record, named as its form names it ("Serial number"). */
export function fieldLabel(entityType: string, field: string): string {
  return (
    (FIELD_LABELS as Record<string, Record<string, string> | undefined>)[entityType]?.[field] ??
    humanize(field)
  );
}
