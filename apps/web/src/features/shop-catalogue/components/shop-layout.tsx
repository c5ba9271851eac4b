import { Box } from '@mantine/core';
import { type Icon, IconBuildingWarehouse, IconCategory, IconPackage } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import classes from './shop-layout.module.css';

interface ShopTab {
  label: string;
  to: string;
  icon: Icon;
  /** Whether the current path belongs to this tab. */
  matches: (pathname: string) => boolean;
}

const under = (base: string) => (pathname: string) => pathname === base || pathname.startsWith(`${base}/`);

/** Part 1 of the shop: Orders and Bills join these in part 2. */
const TABS: ShopTab[] = [
  {
    label: 'Products',
    to: paths.shopProducts,
    icon: IconPackage,
    matches: (pathname) => pathname.replace(/\/$/, '') === paths.shop || under(paths.shopProducts)(pathname),
  },
  { label: 'Categories', to: paths.shopCategories, icon: IconCategory, matches: under(paths.shopCategories) },
  {
    label: 'Inventory',
    to: paths.shopInventory,
    icon: IconBuildingWarehouse,
    matches: under(paths.shopInventory),
  },
];

/** /dashboard/shop/*: the shop's own tab bar above its screens, inside the dashboard shell. */
export function ShopLayout() {
  const { pathname } = useLocation();
  return (
    <Box data-testid="shop-layout">
      <nav aria-label="Shop" className={classes.tabs}>
        {TABS.map((tab) => {
          const active = tab.matches(pathname);
          return (
            <Link key={tab.to} to={tab.to} className={classes.tab} aria-current={active ? 'page' : undefined}>
              <tab.icon size={18} aria-hidden="true" />
              {tab.label}
            </Link>
          );
        })}
      </nav>
      <Outlet />
    </Box>
  );
}
