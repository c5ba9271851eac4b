import { Box } from '@mantine/core';
import {
  type Icon,
  IconBuildingWarehouse,
  IconCategory,
  IconFileInvoice,
  IconPackage,
  IconShoppingCart,
} from '@tabler/icons-react';
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

/** The shop's tabs (DESIGN.md "Shop"): the catalogue of part 1, then orders and bills (part 2). */
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
  { label: 'Orders', to: paths.shopOrders, icon: IconShoppingCart, matches: under(paths.shopOrders) },
  { label: 'Bills', to: paths.shopBills, icon: IconFileInvoice, matches: under(paths.shopBills) },
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
