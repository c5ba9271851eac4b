import { ModalsProvider } from '@mantine/modals';
import { IconBuildingStore, IconHistory, IconSettings } from '@tabler/icons-react';
import { Outlet, useLoaderData, useNavigate } from 'react-router';
import { DashboardLayout } from '@/components/layouts/dashboard-layout';
import { ProfileMenu } from '@/components/layouts/profile-menu';
import { paths } from '@/config/paths';
import { signOutDevice, useMe } from '@/features/auth';
import { CommandPalette, GlobalSearch } from '@/features/global-search';
import { NotificationBell } from '@/features/notifications';
import { disableBrowserPush, usePushRefresh } from '@/features/push';
import { OrganisationMark } from '@/features/settings';
import { endSession } from '@/lib/session';
import { storage } from '@/lib/storage';
import { OrganisationDateFormat } from '../../organisation-date-format';
import type { requireSessionLoader } from '../guards';

/**
 * What the header's profile image opens: the shop (DESIGN.md "Shop") and the activity log
 * (docs/activity-log.md) have no sidebar entry, which SPEC.md fixes.
 */
const PROFILE_MENU_ITEMS = [
  { label: 'Shop', to: paths.shop, icon: IconBuildingStore },
  { label: 'Activity log', to: paths.activity, icon: IconHistory },
  { label: 'Settings', to: paths.settings, icon: IconSettings },
];

/** The dashboard shell, with the features that live in its header composed in. */
function DashboardRoot() {
  const { user: storedUser } = useLoaderData<typeof requireSessionLoader>();
  const navigate = useNavigate();
  const me = useMe(storedUser, { enabled: storage.getToken() !== null });
  const user = me.data?.user ?? storedUser;
  usePushRefresh();

  const handleLogout = async () => {
    // Logout is the user leaving this device (maybe a shared one): its browser notifications stop
    // with the session, while the token can still prove whose registration it is (docs/push.md).
    await disableBrowserPush().catch(() => undefined);
    await signOutDevice(storage.getToken(), async () => {
      endSession();
      await navigate(paths.login, { replace: true });
    });
  };

  // Confirm modals (`modals.openConfirmModal`) are opened by dashboard screens only, so their
  // provider lives here rather than in the app's (docs/performance.md).
  return (
    <ModalsProvider>
      <DashboardLayout
        firstName={user.firstName}
        onLogout={handleLogout}
        headerMark={<OrganisationMark height={30} data-testid="header-organisation-logo" />}
        footerMark={<OrganisationMark height={22} data-testid="footer-organisation-logo" />}
        headerActions={
          <>
            <GlobalSearch />
            <CommandPalette />
            <NotificationBell />
            <ProfileMenu user={user} items={PROFILE_MENU_ITEMS} />
          </>
        }
      >
        <OrganisationDateFormat />
        <Outlet />
      </DashboardLayout>
    </ModalsProvider>
  );
}

export { DashboardRoot as Component };
