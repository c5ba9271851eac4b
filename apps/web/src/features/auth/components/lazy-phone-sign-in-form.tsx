import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { PhoneSignInFormProps } from './phone-sign-in-form';

const PhoneSignInForm = lazy(() =>
  Promise.all([import('./phone-sign-in-form'), import('@/lib/ensure-query-client')]).then(
    ([{ PhoneSignInForm }, { EnsureQueryClient }]) => ({
      // The signed-out login page has no query client of its own (app/login-entry.tsx).
      default: (props: PhoneSignInFormProps) => (
        <EnsureQueryClient>
          <PhoneSignInForm {...props} />
        </EnsureQueryClient>
      ),
    }),
  ),
);

/**
 * The phone sign-in, loaded when its tab is first opened: the email form is what a sign-in page
 * shows first, and the phone form's country picker (a combobox) weighs more than the rest of the
 * page (docs/performance.md).
 */
export function LazyPhoneSignInForm(props: PhoneSignInFormProps) {
  return (
    <Suspense
      fallback={
        <Center mih={180}>
          <Loader size="sm" role="status" aria-label="Loading the phone sign-in" />
        </Center>
      }
    >
      <PhoneSignInForm {...props} />
    </Suspense>
  );
}
