import type { SessionUser } from '@inspecta/contract';
import { lazy, Suspense } from 'react';
import { useLoadMenuOnPress } from '@/hooks/use-menu-loaded-on-press';
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
  const { openAtOnce, press } = useLoadMenuOnPress();
  const button = (
    <AccountButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={press}
    />
  );
  return (
    <Suspense fallback={button}>
      {openAtOnce ? <AccountMenu user={user} openAtOnce={openAtOnce} /> : button}
    </Suspense>
  );
}
