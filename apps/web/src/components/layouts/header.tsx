import { Burger, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { PRODUCT_NAME } from '@/config/app';
import { paths } from '@/config/paths';
import classes from './dashboard-layout.module.css';
import { headerLinks } from './navigation';

interface HeaderProps {
  navigationOpened: boolean;
  onOpenNavigation: () => void;
  /** Search, notification bell and profile avatar, composed by the app. */
  actions: ReactNode;
  /** The organisation's logo, beside the product's. */
  mark?: ReactNode;
}

export function Header({ navigationOpened, onOpenNavigation, actions, mark }: HeaderProps) {
  return (
    <header className={classes.header}>
      <Group className={classes.headerInner} wrap="nowrap">
        <Burger
          opened={navigationOpened}
          onClick={onOpenNavigation}
          hiddenFrom="md"
          size="sm"
          aria-label="Open navigation"
          aria-expanded={navigationOpened}
        />
        {/* Named even below 576 px, where the wordmark is hidden and only the mark shows. */}
        <Link to={paths.home} className={classes.brandLink} aria-label={PRODUCT_NAME}>
          <Logo size={30} wordmarkVisibleFrom="xs" />
        </Link>
        {mark ? (
          <Group visibleFrom="sm" className={classes.organisationMark}>
            {mark}
          </Group>
        ) : null}
        <Group
          component="nav"
          aria-label="Quick links"
          gap={2}
          visibleFrom="sm"
          className={classes.headerLinks}
        >
          {headerLinks.map((link) => (
            <RouterNavLink key={link.to} to={link.to} end={link.exact} className={classes.headerLink}>
              {link.label}
            </RouterNavLink>
          ))}
        </Group>
        <Group gap="sm" wrap="nowrap" className={classes.actions}>
          {actions}
        </Group>
      </Group>
    </header>
  );
}
