// Quiet hours: a stretch of local time, past midnight when it ends earlier than it starts, in which
// only critical alerts reach the desktop. What else arrived is counted, and told in one notification
// when the stretch ends.
import type { DesktopPrivacy, NotificationKind, NotificationSettings } from '../../../src-shared/contract/notifications.ts';
import type { Translator } from '../../../src-shared/i18n/translator.ts';

export type QuietHours = NotificationSettings['quietHours'];
/** How many events of each kind stayed off the desktop while quiet. */
export type QuietTally = Partial<Record<NotificationKind, number>>;

const minuteOfDay = (time: string): number => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** Whether `now` (the machine's local time) falls in the quiet hours; a stretch that starts where it ends is empty. */
export function isQuiet({ on, from, to }: QuietHours, now: number): boolean {
  if (!on) return false;
  const start = minuteOfDay(from);
  const end = minuteOfDay(to);
  const date = new Date(now);
  const minute = date.getHours() * 60 + date.getMinutes();
  if (start < end) return minute >= start && minute < end;
  if (start > end) return minute >= start || minute < end;
  return false;
}

/** When the quiet hours next end after `now`, in local time (a clock change moves it with the wall clock); null when they never begin. */
export function nextQuietEnd(hours: QuietHours, now: number): number | null {
  if (!hours.on || hours.from === hours.to) return null;
  const end = new Date(now);
  const minute = minuteOfDay(hours.to);
  end.setHours(Math.floor(minute / 60), minute % 60, 0, 0);
  if (end.getTime() <= now) end.setDate(end.getDate() + 1);
  return end.getTime();
}

/** Where each kind stands in the summary: what needs the analyst most first. */
const summaryRank: Record<NotificationKind, number> = {
  alerts: 0,
  'support-tickets': 1,
  'support-messages': 2,
  'block-created': 3,
  'block-released': 4,
  'support-webhook': 5,
  sync: 6,
};

export function tallied(tally: QuietTally, kind: NotificationKind, count: number): QuietTally {
  return { ...tally, [kind]: (tally[kind] ?? 0) + count };
}

/**
 * The one notification for the end of quiet hours, or null when nothing arrived. It names kinds
 * and counts, never an item; under "a count only" just the total.
 */
export function quietSummary(tally: QuietTally, choice: DesktopPrivacy, { t }: Translator): { title: string; body: string } | null {
  const counted = (Object.entries(tally) as [NotificationKind, number][])
    .filter(([kind, count]) => kind in summaryRank && count > 0)
    .sort(([a], [b]) => summaryRank[a] - summaryRank[b])
    .map(([kind, count]) => ({ kind, count }));
  if (counted.length === 0) return null;
  const title = t('notify.quiet.title');
  if (choice === 'count') return { title, body: t('notify.quiet.count', { count: counted.reduce((sum, { count }) => sum + count, 0) }) };
  const items = counted.map(({ kind, count }) => t(`notify.quiet.kinds.${kind}`, { count })).join(t('notify.quiet.separator'));
  return { title, body: t('notify.quiet.body', { items }) };
}
