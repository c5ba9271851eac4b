import { SITE_REQUIRED_FIELDS } from '@inspecta/contract';
import type { UseFormReturnType } from '@mantine/form';
import type { SiteFormValues } from '../../lib/site-form';

export type SiteForm = UseFormReturnType<SiteFormValues>;

/** Fields needed at save are marked, so the user sees what a draft may leave for later. */
export const requiredAtSave = (field: keyof typeof SITE_REQUIRED_FIELDS) => field in SITE_REQUIRED_FIELDS;
