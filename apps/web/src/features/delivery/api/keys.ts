/** Query keys of the delivery feature (the development outbox), so senders can refresh it. */
export const deliveryKeys = {
  status: ['delivery', 'status'] as const,
  outbox: ['delivery', 'outbox'] as const,
  outboxPage: (page: number) => ['delivery', 'outbox', { page }] as const,
};
