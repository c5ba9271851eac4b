import {
  type Icon,
  IconBox,
  IconBuildingCommunity,
  IconBuildingFactory2,
  IconClipboardCheck,
  IconDevices,
  IconFileDescription,
  IconLayoutDashboard,
  IconListCheck,
  IconSettings,
  IconTool,
  IconUsers,
} from '@tabler/icons-react';
import { type AppPath, paths } from '@/config/paths';

export interface NavLeaf {
  label: string;
  to: AppPath;
  icon: Icon;
  /** Active only on the exact path (the dashboard home). */
  exact?: boolean;
}

export interface NavGroup {
  label: string;
  icon: Icon;
  children: NavLeaf[];
}

export type NavEntry = NavLeaf | NavGroup;

const catalogueChildren: NavLeaf[] = [
  { label: 'Equipment', to: paths.equipmentTypes, icon: IconBox },
  { label: 'Inspection', to: paths.inspectionCategories, icon: IconListCheck },
];

/** Sidebar entries in SPEC.md order (Log Out is rendered after them). */
export const sidebarEntries: NavEntry[] = [
  { label: 'Dashboard', to: paths.home, icon: IconLayoutDashboard, exact: true },
  { label: 'User Management', to: paths.userManagement, icon: IconUsers },
  { label: 'Site Management', to: paths.siteManagement, icon: IconBuildingFactory2 },
  { label: 'Inspection Management', to: paths.inspectionManagement, icon: IconClipboardCheck },
  { label: 'Equipment Management', to: paths.equipmentManagement, icon: IconTool },
  { label: 'Organization Management', icon: IconBuildingCommunity, children: catalogueChildren },
  { label: 'Device Management', icon: IconDevices, children: catalogueChildren },
  { label: 'Template Management', to: paths.templates, icon: IconFileDescription },
  { label: 'Settings', to: paths.settings, icon: IconSettings },
];

/** Header links (SPEC.md 2, Header). */
export const headerLinks: { label: string; to: AppPath; exact?: boolean }[] = [
  { label: 'HOME', to: paths.home, exact: true },
  { label: 'USERS', to: paths.userManagement },
  { label: 'SITES', to: paths.siteManagement },
  { label: 'EQUIPMENT', to: paths.equipmentManagement },
];

export function isGroup(entry: NavEntry): entry is NavGroup {
  return 'children' in entry;
}

export function isPathActive(pathname: string, to: string, exact = false): boolean {
  const current = pathname.replace(/\/+$/, '') || '/';
  if (exact) return current === to;
  return current === to || current.startsWith(`${to}/`);
}
