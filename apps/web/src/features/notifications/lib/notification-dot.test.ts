import { describe, expect, it } from 'vitest';
import { decideNotificationDot } from './notification-dot';

const list = [{ id: 42 }, { id: 41 }, { id: 7 }];

describe('decideNotificationDot (SPEC.md 4)', () => {
  it('shows no dot and stores nothing when there are no notifications, whatever is stored', () => {
    const expected = { showDot: false, storeLastSeenNotifyId: null, removeNotificationsRead: false };
    expect(decideNotificationDot([], { notificationsRead: null, lastSeenNotifyId: null })).toEqual(expected);
    expect(decideNotificationDot([], { notificationsRead: 'true', lastSeenNotifyId: '42' })).toEqual(
      expected,
    );
  });

  it('first visit (nothing stored): dot, remember the newest id, clear the read flag', () => {
    expect(decideNotificationDot(list, { notificationsRead: null, lastSeenNotifyId: null })).toEqual({
      showDot: true,
      storeLastSeenNotifyId: '42',
      removeNotificationsRead: true,
    });
  });

  it('a newer notification arrived after the bell was clicked: dot again, new id, read flag removed', () => {
    expect(decideNotificationDot(list, { notificationsRead: 'true', lastSeenNotifyId: '41' })).toEqual({
      showDot: true,
      storeLastSeenNotifyId: '42',
      removeNotificationsRead: true,
    });
  });

  it('uses list[0] as the newest, not the highest id', () => {
    const decision = decideNotificationDot([{ id: 5 }, { id: 99 }], {
      notificationsRead: 'true',
      lastSeenNotifyId: '99',
    });
    expect(decision.showDot).toBe(true);
    expect(decision.storeLastSeenNotifyId).toBe('5');
  });

  it('same newest id and the read flag missing: dot, nothing to store', () => {
    expect(decideNotificationDot(list, { notificationsRead: null, lastSeenNotifyId: '42' })).toEqual({
      showDot: true,
      storeLastSeenNotifyId: null,
      removeNotificationsRead: false,
    });
  });

  it('same newest id and the read flag set: no dot, nothing to store', () => {
    expect(decideNotificationDot(list, { notificationsRead: 'true', lastSeenNotifyId: '42' })).toEqual({
      showDot: false,
      storeLastSeenNotifyId: null,
      removeNotificationsRead: false,
    });
  });

  it('compares ids as stored strings (a numeric id equals its stored text)', () => {
    expect(
      decideNotificationDot([{ id: 10 }], { notificationsRead: 'true', lastSeenNotifyId: '10' }).showDot,
    ).toBe(false);
    expect(
      decideNotificationDot([{ id: 10 }], { notificationsRead: 'true', lastSeenNotifyId: '1' }).showDot,
    ).toBe(true);
  });
});
