import type { SessionUser } from '@inspecta/contract';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { EscalationSection } from './escalation-section';
import { NotificationPreferencesSection } from './notification-preferences-section';
import { OrganisationSection } from './organisation-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';

/**
 * The settings page: one column of section cards, each with an id that is also its anchor
 * (#profile, #password, #sessions, #notifications, #organisation, #escalation). Other features add their
 * sections here in the same shape (a `SettingsCard`-like <section id=...>), e.g. the account
 * recovery feature's #email after #profile and its #delivery-outbox after #organisation.
 */
interface SettingsPageProps {
  user: SessionUser;
  /** Sections other features contribute, placed after the profile (e.g. the sign-in email). */
  afterProfile?: ReactNode;
  /** Sections placed last (e.g. the delivery outbox). */
  trailing?: ReactNode;
}

export function SettingsPage({ user, afterProfile, trailing }: SettingsPageProps) {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your profile, sign-in and notifications, and your organisation."
      />
      <Stack gap="lg" maw={960} data-testid="settings-sections">
        <ProfileSection user={user} />
        {afterProfile}
        <PasswordSection />
        <SessionsSection />
        <NotificationPreferencesSection />
        {user.userType === 'admin' ? <OrganisationSection /> : null}
        {user.userType === 'admin' ? <EscalationSection /> : null}
        {trailing}
      </Stack>
    </>
  );
}
