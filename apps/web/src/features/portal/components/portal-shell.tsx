import type { SessionUser } from '@inspecta/contract';
import { ActionIcon, Box, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, type ReactNode, useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { LogoMark } from '@/components/ui/logo';
import { MenuLoadedOnPress } from '@/components/ui/menu-loaded-on-press';
import { PRODUCT_NAME } from '@/config/app';
import { paths } from '@/config/paths';
import { usePortalUnreadCount } from '@/features/portal-requests';
import { usePortalOrganisation } from '../api/get-organisation';
import { usePortalClient } from '../api/get-overview';
import classes from './portal.module.css';
import { PortalAccountButton } from './portal-account-button';

/** The portal's sections; Requests, Shop and Orders are the screens of docs/portal.md, "Screens". */
const sections = [
  { label: 'Overview', to: paths.portal, end: true },
  { label: 'Requests', to: paths.portalRequests, end: false },
  { label: 'Shop', to: paths.portalShop, end: false },
  { label: 'Orders', to: paths.portalOrders, end: false },
] as const;

/** Focuses the page's heading (or the content while it has none), without scrolling. */
function focusPageHeading(main: HTMLElement | null) {
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  if (target !== main && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

const loadAccountMenu = () => import('./portal-account-menu');
// Loading ahead of a press; a failure then is the press's to report (the route's error screen).
const preloadAccountMenu = () => {
  loadAccountMenu().catch(() => undefined);
};
const PortalAccountMenu = lazy(() =>
  loadAccountMenu().then((module) => ({ default: module.PortalAccountMenu })),
);

/**
 * The account menu: who is signed in, their account page, and sign out. Until it is first pressed
 * it is a plain button (same label, test id and `aria-haspopup`): the menu's code (Mantine's
 * popover and its positioning, and then the sign-out dialog) loads on that press, or as soon as the
 * pointer or the focus reaches the button, and the menu opens (docs/performance.md).
 */
function AccountMenu({ user }: { user: SessionUser }) {
  return (
    <MenuLoadedOnPress button={<PortalAccountButton user={user} />} preload={preloadAccountMenu}>
      {(openAtOnce) => <PortalAccountMenu user={user} openAtOnce={openAtOnce} />}
    </MenuLoadedOnPress>
  );
}

/** The bell: the unread count as a badge, named in its label ("Notifications, 3 unread"). */
function PortalBell() {
  const unread = usePortalUnreadCount().data ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <ActionIcon
      component={NavLink}
      to={paths.portalNotifications}
      size={44}
      variant="subtle"
      color="white"
      className={classes.barButton}
      aria-label={label}
      data-testid="portal-bell"
    >
      <IconBell size={24} aria-hidden="true" />
      {unread > 0 ? (
        <span className={classes.bellCount} aria-hidden="true" data-testid="portal-bell-count">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </ActionIcon>
  );
}

interface PortalShellProps {
  user: SessionUser;
  children: ReactNode;
}

/**
 * The client portal's frame: a bare page (no dashboard shell) with a sticky top bar naming the
 * organisation and the client, the portal's sections and the notifications bell; the page below
 * at most 960 px wide, centered.
 */
export function PortalShell({ user, children }: PortalShellProps) {
  const organisation = usePortalOrganisation();
  const client = usePortalClient();
  // The company when the client has one, else their name.
  const company = client.data?.company || `${user.firstName} ${user.lastName}`;
  const organisationName = organisation.data?.organisation.companyName || PRODUCT_NAME;

  // A new page starts at the top and, after a navigation (not on the first load), with the focus
  // on its heading rather than on the link just left. Only the path counts: a filter or a search
  // in the address must not pull the focus out of the box being typed in.
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    focusPageHeading(mainRef.current);
  }, [pathname]);

  return (
    <div className={classes.page}>
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link by convention (WCAG G1) and works without script; the handler only keeps the hash out of the router's address. */}
      <a
        href="#portal-content"
        className={classes.skipLink}
        onClick={(event) => {
          event.preventDefault();
          focusPageHeading(mainRef.current);
        }}
      >
        Skip to content
      </a>
      <header className={classes.topBar}>
        <div className={classes.topBarInner}>
          <div className={classes.brandRow}>
            <LogoMark size={28} inverted />
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Text fw={700} fz="md" lh={1.25} truncate="end" c="white" data-testid="portal-organisation">
                {organisationName}
              </Text>
              <Text size="xs" c="brand.0" truncate="end" data-testid="portal-company">
                {company} · Client portal
              </Text>
            </Box>
            <PortalBell />
            <AccountMenu user={user} />
          </div>
          <nav className={classes.nav} aria-label="Client portal">
            {sections.map((section) => (
              <NavLink key={section.to} to={section.to} end={section.end} className={classes.navLink}>
                {section.label}
              </NavLink>
            ))}
          </nav>
        </div>
      </header>
      <main id="portal-content" ref={mainRef} className={classes.content} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
