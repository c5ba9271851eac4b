import {
  type FieldError,
  type Site,
  type SiteRuleValues,
  type SiteUpdateBody,
  siteRuleProblems,
  siteUpdateBodySchema,
} from '@inspecta/contract';
import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';

export interface ContactFormValue {
  /** A stable React key for the row; never sent. */
  key: string;
  name: string;
  role: string;
  phone: string;
  email: string;
}

/** What the site form edits: text inputs hold strings, the client picker a string id. */
export interface SiteFormValues {
  name: string;
  siteCode: string;
  clientId: string | null;
  notes: string;
  pincode: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  district: string;
  state: string;
  latitude: number | string;
  longitude: number | string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  otherContacts: ContactFormValue[];
}

export const SITE_STEPS = [
  { key: 'details', label: 'Site details', description: 'Name, SiteId no. and client' },
  { key: 'address', label: 'Address', description: 'PIN code and location' },
  { key: 'contacts', label: 'Contacts', description: 'Who to call at the site' },
  { key: 'review', label: 'Review', description: 'Check and save' },
] as const;
export const REVIEW_STEP = SITE_STEPS.length - 1;

/** The form fields each step edits (the review step edits none). */
const STEP_FIELDS: ReadonlyArray<readonly string[]> = [
  ['name', 'siteCode', 'clientId', 'notes'],
  ['pincode', 'addressLine1', 'addressLine2', 'city', 'district', 'state', 'latitude', 'longitude'],
  ['contactName', 'contactPhone', 'contactEmail', 'otherContacts'],
  [],
];

let keySeed = 0;
export function newContactKey(): string {
  keySeed += 1;
  return `contact-${keySeed}`;
}

export function emptyContact(): ContactFormValue {
  return { key: newContactKey(), name: '', role: '', phone: '', email: '' };
}

export function emptySiteForm(): SiteFormValues {
  return {
    name: '',
    siteCode: '',
    clientId: null,
    notes: '',
    pincode: '',
    addressLine1: '',
    addressLine2: '',
    city: '',
    district: '',
    state: '',
    latitude: '',
    longitude: '',
    contactName: '',
    contactPhone: '',
    contactEmail: '',
    otherContacts: [],
  };
}

export function siteToForm(site: Site): SiteFormValues {
  return {
    name: site.name,
    siteCode: site.siteCode,
    clientId: site.clientId === null ? null : String(site.clientId),
    notes: site.notes ?? '',
    pincode: site.pincode ?? '',
    addressLine1: site.addressLine1 ?? '',
    addressLine2: site.addressLine2 ?? '',
    city: site.city ?? '',
    district: site.district ?? '',
    state: site.state ?? '',
    latitude: site.latitude ?? '',
    longitude: site.longitude ?? '',
    contactName: site.contactName ?? '',
    contactPhone: site.contactPhone ?? '',
    contactEmail: site.contactEmail ?? '',
    otherContacts: site.otherContacts.map((c) => ({
      key: newContactKey(),
      name: c.name,
      role: c.role ?? '',
      phone: c.phone ?? '',
      email: c.email ?? '',
    })),
  };
}

function coordinate(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : null;
}

/** The request body for the form's values; blanks are sent as blanks and stored as "no value". */
export function formToBody(values: SiteFormValues): SiteUpdateBody {
  return {
    name: values.name,
    // Left out when blank: a new site then gets a generated code.
    ...(values.siteCode.trim() ? { siteCode: values.siteCode } : {}),
    clientId: values.clientId ? Number(values.clientId) : null,
    notes: values.notes,
    pincode: values.pincode,
    addressLine1: values.addressLine1,
    addressLine2: values.addressLine2,
    city: values.city,
    district: values.district,
    state: values.state,
    latitude: coordinate(values.latitude),
    longitude: coordinate(values.longitude),
    contactName: values.contactName,
    contactPhone: values.contactPhone,
    contactEmail: values.contactEmail,
    otherContacts: values.otherContacts.map(({ name, role, phone, email }) => ({ name, role, phone, email })),
  };
}

/** Which step a field (or a nested path like otherContacts.0.phone) belongs to. */
export function stepOfField(field: string): number {
  const root = field.split('.')[0] ?? field;
  const index = STEP_FIELDS.findIndex((fields) => fields.includes(root));
  return index === -1 ? 0 : index;
}

const resolveFormats = zod4Resolver(siteUpdateBodySchema);

/** The values the contract's whole-site rules look at. */
function ruleValues(values: SiteFormValues): SiteRuleValues {
  return {
    name: values.name.trim() || null,
    clientId: values.clientId ? Number(values.clientId) : null,
    addressLine1: values.addressLine1,
    city: values.city,
    state: values.state,
    pincode: values.pincode,
    contactName: values.contactName,
    contactPhone: values.contactPhone,
    latitude: coordinate(values.latitude),
    longitude: coordinate(values.longitude),
  };
}

function toFormErrors(problems: FieldError[]): FormErrors {
  const errors: FormErrors = {};
  for (const p of problems) errors[p.field] ??= p.message;
  return errors;
}

/**
 * The errors to show for `steps`: the format of every field, and, when the site must be complete
 * (it is active, or is being saved), the required fields. Uses the contract's schema and rules.
 */
export function validateSteps(
  values: SiteFormValues,
  steps: number[],
  options: { requireComplete: boolean; existing: boolean },
): FormErrors {
  const body = formToBody(values);
  const errors: FormErrors = { ...resolveFormats(body as Record<string, unknown>) };
  // A site always needs its name; a saved site's SiteId no. cannot be blanked.
  if (!values.name.trim()) errors.name = 'Enter the site name';
  if (options.existing && !values.siteCode.trim()) errors.siteCode = 'Enter the SiteId no.';
  const problems = siteRuleProblems(ruleValues(values), { forActive: options.requireComplete });
  for (const [field, message] of Object.entries(toFormErrors(problems))) errors[field] ??= message;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => steps.includes(stepOfField(field))));
}

/** Fields a draft still needs before it can be saved, with their steps, for the review screen. */
export function missingForSave(values: SiteFormValues): Array<FieldError & { step: number }> {
  return siteRuleProblems(ruleValues(values), { forActive: true }).map((p) => ({
    ...p,
    step: stepOfField(p.field),
  }));
}
