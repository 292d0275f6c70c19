// How far away a time is, as the block list and the alerts say when a block ends.
import { describe, expect, it } from 'vitest';

Object.assign(globalThis, { window: { opsdesk: {} } });
const { formatRelative, formatSince } = await import('../../src-renderer/ui/format.ts');

const now = Date.parse('2026-11-26T12:00:00Z');
const minute = 60_000;
const day = 24 * 60 * minute;

describe('relative time', () => {
  it('says a block extended by 7 days a moment ago ends in 7 days, not 6', () => {
    expect(formatRelative(now + 7 * day - 5_000, now, 'en')).toBe('in 7 days');
    expect(formatRelative(now - 3 * day + 5_000, now, 'en')).toBe('3 days ago');
  });

  it('says the largest whole unit of the time to the nearest minute, days from two, always as a number (never "tomorrow" beside "in 22 hours")', () => {
    expect(formatRelative(now + 60 * minute - 5_000, now, 'en')).toBe('in 1 hour');
    expect(formatRelative(now + 90 * minute, now, 'en')).toBe('in 1 hour');
    expect(formatRelative(now + 59 * minute, now, 'en')).toBe('in 59 minutes');
    expect(formatRelative(now + 36 * 60 * minute, now, 'en')).toBe('in 36 hours');
    expect(formatRelative(now - 30 * 60 * minute, now, 'en')).toBe('30 hours ago');
    expect(formatRelative(now + 2 * day, now, 'en')).toBe('in 2 days');
    expect(formatRelative(now + 36 * 60 * minute, now, 'zh-CN')).toBe('36小时后');
    expect(formatRelative(now + 20_000, now, 'en')).toBe('now');
    expect(formatRelative(now + 7 * day - 5_000, now, 'zh-CN')).toBe('7天后');
  });

  it('never says a moment that happened is ahead: a sync stamped after the view last read its clock was "now"', () => {
    expect(formatSince(now + 40_000, now, 'en')).toBe('now');
    expect(formatSince(now + 10 * minute, now, 'en')).toBe('now');
    expect(formatSince(now - 3 * minute, now, 'en')).toBe('3 minutes ago');
    expect(formatSince(now + 40_000, now, 'zh-CN')).toBe('现在');
  });
});
