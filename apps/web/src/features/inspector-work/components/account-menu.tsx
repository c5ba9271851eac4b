import type { SessionUser } from '@inspecta/contract';
import { lazy } from 'react';
import { AccountMenu as SharedAccountMenu } from '@/components/ui/account-menu';
import type { OpenAtOnce } from '@/hooks/use-menu-loaded-on-press';
import { AccountButton } from './account-button';

/** The sign-out dialog (with the drafts store it checks, and zod with that) loads when first asked for. */
const SignOutDialog = lazy(() =>
  import('./sign-out-dialog').then((module) => ({ default: module.SignOutDialog })),
);

interface AccountMenuProps {
  user: SessionUser;
  /** Open as soon as it is shown: the menu's code was loaded by a press on its plain button. */
  openAtOnce?: OpenAtOnce;
}

/** Who is signed in, and "Sign out" (which asks first, warning about answers not yet sent). */
export function AccountMenu({ user, openAtOnce }: AccountMenuProps) {
  return (
    <SharedAccountMenu
      button={<AccountButton user={user} />}
      name={`${user.firstName} ${user.lastName}`}
      openAtOnce={openAtOnce}
      signOutTestId="inspector-sign-out"
      signOutDialog={(props) => <SignOutDialog user={user} {...props} />}
    />
  );
}
