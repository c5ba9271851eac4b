import type { SessionUser } from '@inspecta/contract';
import { lazy } from 'react';
import { MenuLoadedOnPress } from '@/components/ui/menu-loaded-on-press';
import { AccountButton } from './account-button';

const loadAccountMenu = () => import('./account-menu');
// Loading ahead of a press; a failure then is the press's to report (the route's error screen).
const preload = () => {
  loadAccountMenu().catch(() => undefined);
};
const AccountMenu = lazy(() => loadAccountMenu().then((module) => ({ default: module.AccountMenu })));

/**
 * The inspector's menu: who is signed in, and sign out. Until the button is first pressed it is a
 * plain button: the menu's code (Mantine's popover and its positioning, about 20 KB) loads on that
 * press, or as soon as the pointer or the focus reaches the button, and the menu opens
 * (docs/performance.md).
 */
export function InspectorAccountMenu({ user }: { user: SessionUser }) {
  return (
    <MenuLoadedOnPress button={<AccountButton user={user} />} preload={preload}>
      {(openAtOnce) => <AccountMenu user={user} openAtOnce={openAtOnce} />}
    </MenuLoadedOnPress>
  );
}
