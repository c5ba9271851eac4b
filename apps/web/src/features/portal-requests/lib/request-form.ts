import {
  type CreateInspectionRequestBody,
  type CreateInspectionRequestValues,
  createInspectionRequestBodySchema,
} from '@inspecta/contract';

/** The request form as typed: pickers hold ids as text, an empty date means "any day". */
export interface RequestFormValues {
  siteId: string | null;
  equipmentIds: string[];
  categoryId: string | null;
  preferredDate: string;
  message: string;
}

export function emptyRequestForm(siteId: string | null = null): RequestFormValues {
  return { siteId, equipmentIds: [], categoryId: null, preferredDate: '', message: '' };
}

/** What POST /api/portal/requests gets from the form. */
export function requestBodyOf(values: RequestFormValues): CreateInspectionRequestBody {
  return {
    siteId: values.siteId ? Number(values.siteId) : 0,
    equipmentIds: values.equipmentIds.map(Number),
    categoryId: values.categoryId ? Number(values.categoryId) : null,
    preferredDate: values.preferredDate.trim() || null,
    message: values.message,
  };
}

export type RequestFormResult =
  | { ok: true; body: CreateInspectionRequestValues }
  | { ok: false; errors: Partial<Record<keyof RequestFormValues, string>> };

/**
 * The form checked by the contract's schema (the same the server applies), plus what the schema
 * leaves to the server: a site must be chosen, and the preferred date may not be in the past.
 */
export function validateRequestForm(values: RequestFormValues, today: string): RequestFormResult {
  const errors: Partial<Record<keyof RequestFormValues, string>> = {};
  const parsed = createInspectionRequestBodySchema.safeParse(requestBodyOf(values));
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'message') as keyof RequestFormValues;
      errors[field] ??= issue.message;
    }
  if (!values.siteId) errors.siteId = 'Choose a site';
  const date = values.preferredDate.trim();
  if (date && !errors.preferredDate && date < today)
    errors.preferredDate = 'Preferred date cannot be in the past';
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}
