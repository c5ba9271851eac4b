// The shared login schema and its form check on their own, so the sign-in forms can load them (and
// zod with them) after the form shows (docs/performance.md).
import { loginBodySchema } from '@inspecta/contract';
import { zod4Resolver } from 'mantine-form-zod-resolver';

export { loginBodySchema };

/** The form's check: each invalid field's message from the shared schema. */
export const validateLogin = zod4Resolver(loginBodySchema);
