import { Box, Drawer, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { useOverlayMount } from '@/hooks/use-overlay-mount';
import classes from './dashboard-layout.module.css';
import { Footer } from './footer';
import { Header } from './header';
import { LogoutModal } from './logout-modal';
import { SidebarNav } from './sidebar-nav';

interface DashboardLayoutProps {
  firstName: string;
  /** Search, notification bell and avatar for the header (features, composed in app/). */
  headerActions: ReactNode;
  /** The organisation's logo (from Settings), shown in the header and footer when set. */
  headerMark?: ReactNode;
  footerMark?: ReactNode;
  /** Called when the user confirms "Yes, Logout". */
  onLogout: () => Promise<void> | void;
  children: ReactNode;
}

/** Focuses the page's first heading (or the content area while it has none), without scrolling. */
function focusPageHeading(main: HTMLElement | null) {
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  if (target !== main && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/**
 * The shell of every /dashboard path: header, sidebar (2 of 12 columns), content (10 of 12) and
 * footer. Below md (992 px) the sidebar moves into a drawer opened from the header's burger.
 */
export function DashboardLayout({
  firstName,
  headerActions,
  headerMark,
  footerMark,
  onLogout,
  children,
}: DashboardLayoutProps) {
  const [drawerOpened, drawer] = useDisclosure(false);
  const [logoutOpened, logoutModal] = useDisclosure(false);
  const { pathname } = useLocation();
  const theme = useMantineTheme();
  // Render the sidebar in exactly one place (column or drawer), so its greeting and links are unique.
  const isDesktop = useMediaQuery(`(min-width: ${theme.breakpoints.md})`, true, {
    getInitialValueInEffect: false,
  });
  // Mounted on their first opening: closed, they would cost every dashboard load a synchronous
  // re-render (hooks/use-overlay-mount.ts).
  const drawerOverlay = useOverlayMount(drawerOpened && !isDesktop);
  const logoutOverlay = useOverlayMount(logoutOpened);

  // A new page starts at the top, with the drawer closed, and (after a navigation, not on the first
  // load) with the focus on its heading, so keyboard and screen-reader users start where it starts
  // instead of on the link they left. Only the path counts: a filter or a search in the address
  // must not pull the focus out of the box being typed in.
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose.
  useEffect(() => {
    drawer.close();
    // The first page needs no scrolling: asking anyway would force a layout of the whole new page
    // in the middle of its first render (measured: about 70 ms on a slow phone).
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    // At once, in the commit that shows the new page, so nothing the user (or a test) does on the
    // page next can be overtaken by it.
    focusPageHeading(mainRef.current);
  }, [pathname, drawer.close]);

  const askLogout = () => {
    drawer.close();
    logoutModal.open();
  };

  return (
    <Box className={classes.shell}>
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link by convention (WCAG G1) and works without script; the handler only keeps '#main-content' out of the router's address. */}
      <a
        href="#main-content"
        className={classes.skipLink}
        data-testid="skip-link"
        onClick={(event) => {
          // Focus the content without a '#main-content' in the address (the router would see it).
          event.preventDefault();
          focusPageHeading(mainRef.current);
        }}
      >
        Skip to content
      </a>
      <Header
        navigationOpened={drawerOpened}
        onOpenNavigation={drawer.open}
        actions={headerActions}
        mark={headerMark}
      />

      {/* Columns of the CSS module rather than Mantine's Grid, whose responsive spans wrote <style>
          elements on every screen's first draw (docs/performance.md). */}
      <div className={classes.body}>
        <div className={classes.bodyInner}>
          {isDesktop ? (
            <div className={`${classes.sidebarCol} mantine-visible-from-md`}>
              <div className={classes.sidebar}>
                <SidebarNav firstName={firstName} onLogout={askLogout} />
              </div>
            </div>
          ) : null}
          <div className={classes.mainCol}>
            <main className={classes.main} id="main-content" ref={mainRef} tabIndex={-1}>
              {children}
            </main>
          </div>
        </div>
      </div>

      <Footer mark={footerMark} />

      {drawerOverlay.mounted ? (
        <Drawer.Root opened={drawerOverlay.opened} onClose={drawer.close} size={300} hiddenFrom="md">
          <Drawer.Overlay />
          <Drawer.Content>
            {/* A div, not Mantine's default <header>: the page already has its banner landmark. */}
            <Drawer.Header component="div">
              <Drawer.Title>
                <Logo size={28} />
              </Drawer.Title>
              <Drawer.CloseButton aria-label="Close navigation" />
            </Drawer.Header>
            <Drawer.Body>
              <SidebarNav firstName={firstName} onLogout={askLogout} onNavigate={drawer.close} />
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Root>
      ) : null}

      {logoutOverlay.mounted ? (
        <LogoutModal opened={logoutOverlay.opened} onClose={logoutModal.close} onConfirm={onLogout} />
      ) : null}
    </Box>
  );
}
