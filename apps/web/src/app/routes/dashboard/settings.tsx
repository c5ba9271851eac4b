import { EmailChangeSection } from '@/features/account';
import { useMe } from '@/features/auth';
import { DeliveryOutboxSection } from '@/features/delivery';
import { SettingsPage } from '@/features/settings';
import { ReportKeySection } from '@/features/verification';
import { storage } from '@/lib/storage';

/** /dashboard/setting: the settings feature's sections, with the account feature's email and outbox. */
function SettingsRoute() {
  // The same query as the dashboard header: saving the profile updates both at once.
  const storedUser = storage.getUser();
  const me = useMe(storedUser, { enabled: storage.getToken() !== null });
  const user = me.data?.user ?? storedUser;
  if (!user) return null;
  return (
    <SettingsPage
      user={user}
      afterProfile={<EmailChangeSection />}
      trailing={
        <>
          {user.userType === 'admin' ? <ReportKeySection /> : null}
          <DeliveryOutboxSection />
        </>
      }
    />
  );
}

export { SettingsRoute as Component };
