/** Query keys of the settings feature. */
export const settingsKeys = {
  sessions: ['settings', 'sessions'] as const,
  notificationPreferences: ['settings', 'notification-preferences'] as const,
  organisation: ['settings', 'organisation'] as const,
  escalation: ['settings', 'escalation'] as const,
};
