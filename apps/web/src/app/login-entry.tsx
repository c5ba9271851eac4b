import { MantineProvider } from '@mantine/core';
import { createContext, type MouseEvent, useContext } from 'react';
import { type LinkComponentProps, LinkComponentProvider } from '@/components/ui/link-component';
import { paths } from '@/config/paths';
import { cssVariablesResolver, theme } from '@/config/theme';
import { LoginPage } from './login-page';

/** Leaves the signed-out login page for `to` in the full app (main.tsx loads it and navigates). */
export type LeaveLoginPage = (to: string, options: { replace: boolean }) => void;

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

const LeaveContext = createContext<LeaveLoginPage>(() => undefined);

/** "Forgot password?" on the signed-out page: a plain click shows that page in the full app. */
function LeavingLink({ to, onClick, ...rest }: LinkComponentProps) {
  const leave = useContext(LeaveContext);
  return (
    <a
      href={to}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event)) return;
        event.preventDefault();
        leave(to, { replace: false });
      }}
    />
  );
}

/**
 * The login page for a first visit to `/` without a session, without the router, the query cache,
 * the toasts or any other screen's code: only the theme and the page (docs/performance.md, the login
 * page's budget). Signing in, or following a link ("Forgot password?"), loads the full app and
 * shows the next page in it, in the same tab and history, as the router would.
 */
export function LoginEntry({ leave }: { leave: LeaveLoginPage }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <LeaveContext.Provider value={leave}>
        <LinkComponentProvider value={LeavingLink}>
          <LoginPage onSignedIn={() => leave(paths.home, { replace: true })} />
        </LinkComponentProvider>
      </LeaveContext.Provider>
    </MantineProvider>
  );
}
