import { Menu } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import {
  cloneElement,
  type ReactElement,
  type ReactNode,
  type Ref,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import { type OpenAtOnce, useMenuOpenedAfterLoad } from '@/hooks/use-menu-loaded-on-press';

/** What the account menu hands its sign-out dialog. */
export interface SignOutDialogProps {
  opened: boolean;
  onClose: () => void;
  /** After the dialog has closed without signing out: the focus goes back to the menu's button. */
  onClosed: () => void;
}

interface AccountMenuProps {
  /** The menu's button (the one `MenuLoadedOnPress` showed before this code loaded). */
  button: ReactElement<{ ref?: Ref<HTMLButtonElement> }>;
  /** Who is signed in, at the top of the menu. */
  name: string;
  /** Open as soon as it is shown: the menu's code was loaded by a press on its plain button. */
  openAtOnce?: OpenAtOnce | undefined;
  /** Items above "Sign out". */
  children?: ReactNode;
  signOutTestId: string;
  /** The "Sign out?" dialog, rendered from the first time it is asked for (it may be lazy). */
  signOutDialog: (props: SignOutDialogProps) => ReactNode;
  /** When the menu opens: loads the dialog's code ahead of "Sign out". */
  onOpen?: () => void;
}

/**
 * The account menu of the portal and of the inspector app: who is signed in, the app's own items,
 * and "Sign out", which asks first. Escape gives the focus back to the button, the closing menu
 * leaves it in the dialog, and "Stay signed in" gives it back to the button.
 */
export function AccountMenu({
  button,
  name,
  openAtOnce,
  children,
  signOutTestId,
  signOutDialog,
  onOpen,
}: AccountMenuProps) {
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useMenuOpenedAfterLoad(openAtOnce, target);
  const [confirming, setConfirming] = useState(false);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (opened) onOpen?.();
  }, [opened, onOpen]);

  return (
    <>
      {/* While the dialog asks, the menu closing must not pull the focus back to its button. */}
      <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened} returnFocus={!confirming}>
        <Menu.Target>{cloneElement(button, { ref: target })}</Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{name}</Menu.Label>
          {children}
          <Menu.Item
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            onClick={() => {
              setAsked(true);
              setConfirming(true);
            }}
            data-testid={signOutTestId}
          >
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {asked ? (
        <Suspense fallback={null}>
          {signOutDialog({
            opened: confirming,
            onClose: () => setConfirming(false),
            onClosed: () => target.current?.focus({ preventScroll: true }),
          })}
        </Suspense>
      ) : null}
    </>
  );
}
