import { NavLink, Stack } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Greeting } from '@/components/ui/greeting';
import { isGroup, isPathActive, type NavGroup, type NavLeaf, sidebarEntries } from './navigation';

const ICON_SIZE = 19;

function LeafLink({
  entry,
  pathname,
  onNavigate,
}: {
  entry: NavLeaf;
  pathname: string;
  onNavigate?: () => void;
}) {
  const active = isPathActive(pathname, entry.to, entry.exact);
  return (
    <NavLink
      component={Link}
      to={entry.to}
      label={entry.label}
      leftSection={<entry.icon size={ICON_SIZE} stroke={1.6} aria-hidden="true" />}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

function GroupLink({
  entry,
  pathname,
  onNavigate,
}: {
  entry: NavGroup;
  pathname: string;
  onNavigate?: () => void;
}) {
  const containsCurrent = entry.children.some((child) => isPathActive(pathname, child.to, child.exact));
  const [opened, setOpened] = useState(containsCurrent);

  // The submenu holding the current path opens by itself whenever the path moves into it.
  useEffect(() => {
    if (containsCurrent) setOpened(true);
  }, [containsCurrent]);

  return (
    <NavLink
      component="button"
      type="button"
      label={entry.label}
      leftSection={<entry.icon size={ICON_SIZE} stroke={1.6} aria-hidden="true" />}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset={26}
      data-contains-current={containsCurrent || undefined}
    >
      {entry.children.map((child) => (
        <LeafLink key={child.to} entry={child} pathname={pathname} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

interface SidebarNavProps {
  firstName: string;
  onLogout: () => void;
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
}

/** The sidebar: the greeting, the entries of SPEC.md 2 in order, then Log Out. */
export function SidebarNav({ firstName, onLogout, onNavigate }: SidebarNavProps) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main">
      <Stack gap="lg">
        <Greeting firstName={firstName} />
        <Stack gap={2}>
          {sidebarEntries.map((entry) =>
            isGroup(entry) ? (
              <GroupLink key={entry.label} entry={entry} pathname={pathname} onNavigate={onNavigate} />
            ) : (
              <LeafLink key={entry.to} entry={entry} pathname={pathname} onNavigate={onNavigate} />
            ),
          )}
          <NavLink
            component="button"
            type="button"
            label="Log Out"
            leftSection={<IconLogout size={ICON_SIZE} stroke={1.6} aria-hidden="true" />}
            onClick={onLogout}
            mt="xs"
          />
        </Stack>
      </Stack>
    </nav>
  );
}
