import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format-relative-time';

const now = new Date('2026-11-27T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
const day = 86_400;

describe('formatRelativeTime', () => {
  it('says "just now", then minutes, hours and days', () => {
    expect(formatRelativeTime(ago(44), now)).toBe('just now');
    expect(formatRelativeTime(ago(45), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(44 * 60), now)).toBe('44 minutes ago');
    expect(formatRelativeTime(ago(45 * 60), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(21 * 3600), now)).toBe('21 hours ago');
    expect(formatRelativeTime(ago(22 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(6 * day), now)).toBe('6 days ago');
  });

  it('counts whole weeks until a calendar month has passed', () => {
    expect(formatRelativeTime(ago(7 * day), now)).toBe('last week');
    expect(formatRelativeTime(ago(13 * day), now)).toBe('last week');
    expect(formatRelativeTime(ago(14 * day), now)).toBe('2 weeks ago');
    expect(formatRelativeTime('2026-10-28T12:00:00.000Z', now)).toBe('4 weeks ago');
    expect(formatRelativeTime('2026-10-27T12:00:00.000Z', now)).toBe('last month');
  });

  it('counts months up to 23, then whole years (20 months is not "2 years")', () => {
    expect(formatRelativeTime('2026-09-27T12:00:00.000Z', now)).toBe('2 months ago');
    expect(formatRelativeTime('2025-11-28T12:00:00.000Z', now)).toBe('11 months ago');
    expect(formatRelativeTime('2025-11-27T12:00:00.000Z', now)).toBe('12 months ago');
    expect(formatRelativeTime('2025-03-27T12:00:00.000Z', now)).toBe('20 months ago');
    expect(formatRelativeTime('2024-11-28T12:00:00.000Z', now)).toBe('23 months ago');
    expect(formatRelativeTime('2024-11-27T12:00:00.000Z', now)).toBe('2 years ago');
    expect(formatRelativeTime('2023-12-27T12:00:00.000Z', now)).toBe('2 years ago');
    expect(formatRelativeTime('2023-11-27T12:00:00.000Z', now)).toBe('3 years ago');
  });

  it('says the same of the future, and nothing of nonsense', () => {
    const later = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
    expect(formatRelativeTime(later(3 * 3600), now)).toBe('in 3 hours');
    expect(formatRelativeTime(later(day), now)).toBe('tomorrow');
    expect(formatRelativeTime('2028-07-27T12:00:00.000Z', now)).toBe('in 20 months');
    expect(formatRelativeTime('2029-11-27T12:00:00.000Z', now)).toBe('in 3 years');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
