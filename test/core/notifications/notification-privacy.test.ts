// What a desktop notification shows and when, as Settings → Notifications sets it: each privacy
// choice for a ticket that quotes a customer and for alerts and blocks that name addresses, quiet
// hours past midnight that let critical alerts through and sum up once when they end, the center
// keeping every word, and the choices kept across a restart.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/core/db/database.ts';
import { SettingsTable } from '../../../src-main/core/db/settings.ts';
import { raiseAlertNotices } from '../../../src-main/core/firewall/alerts/alert-notices.ts';
import type { AlertService } from '../../../src-main/core/firewall/alerts/alert-service.ts';
import { raiseBlockNotices } from '../../../src-main/core/firewall/blocklist/block-notices.ts';
import { NotificationCenter, QUIET_SUMMARY_ID } from '../../../src-main/core/notifications/notification-center.ts';
import type { NoticeContext } from '../../../src-main/core/notifications/notices.ts';
import { NotificationRepository } from '../../../src-main/core/notifications/notification-repository.ts';
import { isQuiet } from '../../../src-main/core/notifications/quiet-hours.ts';
import { raiseTicketNotices } from '../../../src-main/core/support/tickets/ticket-notices.ts';
import { readTicket } from '../../../src-main/core/support/tickets/ticket-wire.ts';
import { fieldsOf } from '../../../src-main/core/wire/read.ts';
import type { AlertRow } from '../../../src-shared/contract/firewall.ts';
import type { DesktopPrivacy, NotificationSettingsInput } from '../../../src-shared/contract/notifications.ts';
import type { NavigationTarget } from '../../../src-shared/contract/workspace.ts';
import { createTranslator } from '../../../src-shared/i18n/translator.ts';
import type { Language } from '../../../src-shared/i18n/languages.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { insertProfileRow } from '../../support/profile-row.ts';
import { RecordingPlatform } from '../../support/recording-platform.ts';

const MINUTE = 60_000;
/** 21:00 local time on a Tuesday: quiet hours of 22:00–07:00 start in an hour. */
const EVENING = new Date(2026, 2, 10, 21, 0).getTime();

let dir: string;
let db: Db;
let platform: RecordingPlatform;
let clock: FakeClock;
let center: NotificationCenter;
let language: Language;

const open = () => new NotificationCenter({ repository: new NotificationRepository(db), settings: new SettingsTable(db), platform, clock, translator: createTranslator(language) });

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-notify-privacy-'));
  db = openDatabase(path.join(dir, 'opsdesk.sqlite'));
  insertProfileRow(db, 'sup-1', 'support', 'Northwind support');
  insertProfileRow(db, 'fw-1', 'firewall', 'Northwind support');
  platform = new RecordingPlatform();
  clock = new FakeClock(EVENING);
  language = 'en';
  center = open();
});
afterEach(async () => {
  center.dispose();
  db.close();
  await rm(dir, { recursive: true, force: true });
});

const settings = (change: Partial<NotificationSettingsInput>) => center.saveSettings({ doNotDisturb: false, alertSeverity: 'low', blocks: true, ...change });
const context = (): NoticeContext => ({ notifications: center, translator: createTranslator(language), profileName: () => 'Northwind support' });

// A ticket as the support desk sends it: the customer's name, e-mail and phone, in the subject and the message.
const customer = ['Jane Doe', 'jane.doe@example.com', '+1 202 555 0143', 'Refund for order 7731', 'Northwind'];
const ticket = readTicket(
  fieldsOf({
    id: 'tkt_481',
    status: 'open',
    subject: 'Refund for order 7731 (Jane Doe)',
    visitor: { name: 'Jane Doe', email: 'jane.doe@example.com' },
    created_at: '2026-03-10T20:58:00Z',
    last_message: { id: 'msg_1', from: 'visitor', text: 'Call me on +1 202 555 0143 or write to jane.doe@example.com' },
  })!,
)!;
const newTicket = () => raiseTicketNotices({ profileId: 'sup-1', added: [ticket], visitorWrote: [ticket] }, context());

// Alerts whose signature names addresses, and a block of an address.
const addresses = ['203.0.113.7', '10.20.0.5', '198.51.100.23', 'SSH brute force', 'Northwind'];
const newestAlert = { signature: 'SSH brute force from 203.0.113.7 on 10.20.0.5' } as AlertRow;
const alerts: Pick<AlertService, 'query'> = { query: () => ({ rows: [newestAlert], total: 1, offset: 0, syncedAt: null }) };
const newAlerts = (severity: string, count: number) => raiseAlertNotices({ profileId: 'fw-1', bySeverity: [{ severity, count, newestId: `alt_${severity}` }] }, alerts, context());
const newBlock = () =>
  raiseBlockNotices(
    { profileId: 'fw-1', added: [{ id: 'blk_1', ip: '198.51.100.23', reason: 'SSH brute force', durationSeconds: 3600, source: 'auto', createdAt: null, expiresAt: null }], removed: [] },
    context(),
  );

const desktopText = () => platform.notifications.map(({ title, body }) => `${title}\n${body}`).join('\n');
const centerText = () => center.list().items.map(({ title, body }) => `${title}\n${body}`).join('\n');
const shows = (words: string[]) => words.filter((word) => desktopText().includes(word));

describe('what a desktop notification shows', () => {
  it('by default a ticket shows its kind only, alerts and blocks everything; the center keeps every word', () => {
    newTicket();
    expect(shows(customer)).toEqual([]);
    expect(platform.notifications.map(({ title, body }) => [title, body])).toEqual([
      ['New support ticket', 'Open OpsDesk for the details.'],
      ['New visitor message', 'Open OpsDesk for the details.'],
    ]);
    newAlerts('high', 2);
    newBlock();
    expect(shows(addresses)).toEqual(addresses);
    expect(customer.every((word) => centerText().includes(word))).toBe(true);
  });

  it.each<[DesktopPrivacy, string[]]>([
    ['everything', ['New support ticket', 'Northwind support: Refund for order 7731 (Jane Doe)', 'Northwind support, Refund for order 7731 (Jane Doe): Call me on +1 202 555 0143 or write to jane.doe@example.com']],
    ['kind-and-severity', ['New support ticket', 'Open OpsDesk for the details.', 'New visitor message', 'Open OpsDesk for the details.', '2 new high alerts', 'Open OpsDesk for the details.', 'New block']],
    ['count', ['OpsDesk', '1 new item in OpsDesk', 'OpsDesk', '1 new item in OpsDesk', 'OpsDesk', '2 new items in OpsDesk', 'OpsDesk', '1 new item in OpsDesk']],
  ])('"%s": the toast of a ticket and of alerts and a block says only what the choice allows; the center keeps it all', (choice, expected) => {
    settings({ desktopPrivacy: { support: choice, firewall: choice } });
    newTicket();
    newAlerts('high', 2);
    newBlock();
    const shown = platform.notifications.flatMap(({ title, body }) => [title, body]);
    for (const line of expected) expect(shown).toContain(line);
    if (choice === 'everything') {
      expect(shows(customer)).toEqual(customer);
      expect(shows(addresses)).toEqual(addresses);
    } else {
      expect(shows(customer)).toEqual([]);
      expect(shows(addresses)).toEqual([]);
    }
    expect([...customer, ...addresses].filter((word) => !centerText().includes(word))).toEqual([]);
  });

  it('a click on a toast that hides the entry still opens the entry', () => {
    const heard: NavigationTarget[] = [];
    center.onNavigate((target) => heard.push(target));
    settings({ desktopPrivacy: { support: 'count', firewall: 'count' } });
    newTicket();
    platform.click(platform.notifications[0]!.id);
    expect(heard).toEqual([{ kind: 'ticket', params: { profileId: 'sup-1', ticketId: 'tkt_481' } }]);
  });

  it('in 简体中文 too the reduced toast names the kind and severity only', () => {
    language = 'zh-CN';
    center.dispose();
    center = open();
    settings({ desktopPrivacy: { support: 'kind-and-severity', firewall: 'kind-and-severity' } });
    newAlerts('high', 2);
    expect(platform.notifications.at(-1)).toMatchObject({ title: '2 条新的高危告警', body: '详情请在 OpsDesk 中查看。' });
  });

  it('the choices are kept across a restart; settings saved before they existed keep their switches and take the defaults', () => {
    new SettingsTable(db).write('notifications', { doNotDisturb: false, alertSeverity: 'critical', blocks: false });
    expect(center.settings()).toEqual({
      doNotDisturb: false,
      alertSeverity: 'critical',
      blocks: false,
      desktopPrivacy: { support: 'kind-and-severity', firewall: 'everything' },
      quietHours: { on: false, from: '22:00', to: '07:00' },
    });
    settings({ desktopPrivacy: { support: 'count', firewall: 'kind-and-severity' }, quietHours: { on: true, from: '23:15', to: '06:45' } });
    center.dispose();
    center = open();
    expect(center.settings()).toMatchObject({ desktopPrivacy: { support: 'count', firewall: 'kind-and-severity' }, quietHours: { on: true, from: '23:15', to: '06:45' } });
    newTicket();
    expect(platform.notifications.at(-1)).toMatchObject({ title: 'OpsDesk', body: '1 new item in OpsDesk' });
  });
});

describe('quiet hours', () => {
  const quietAtNight = { on: true, from: '22:00', to: '07:00' };

  it('past midnight keep everything but critical alerts off the desktop, and sum up once when they end', async () => {
    settings({ quietHours: quietAtNight });
    newAlerts('high', 1);
    expect(platform.notifications).toHaveLength(1);

    await clock.advance(150 * MINUTE); // 23:30
    newTicket();
    newAlerts('high', 3);
    newBlock();
    expect(platform.notifications).toHaveLength(1);
    newAlerts('critical', 1);
    expect(platform.notifications.map(({ title }) => title)).toEqual(['New high alert', 'New critical alert']);

    await clock.advance(120 * MINUTE); // 01:30, past midnight
    newAlerts('medium', 8);
    newAlerts('critical', 1);
    expect(platform.notifications.map(({ title }) => title)).toEqual(['New high alert', 'New critical alert', 'New critical alert']);

    await clock.advance(329 * MINUTE); // 06:59
    expect(platform.notifications).toHaveLength(3);
    await clock.advance(MINUTE); // 07:00
    expect(platform.notifications.slice(3)).toEqual([{ id: QUIET_SUMMARY_ID, title: 'Quiet hours are over', body: 'While quiet: 11 alerts, 1 ticket, 1 visitor message, 1 block' }]);

    await clock.advance(24 * 60 * MINUTE);
    expect(platform.notifications).toHaveLength(4);
    // The center has every entry, toast or not.
    expect(center.list().items.map(({ title }) => title).sort()).toEqual(
      ['New high alert', '3 new high alerts', 'New support ticket', 'New visitor message', 'New block', 'New critical alert', '8 new medium alerts', 'New critical alert'].sort(),
    );
  });

  it('the summary is worded by the privacy choice, and a click on it opens the center', async () => {
    settings({ quietHours: quietAtNight, desktopPrivacy: { support: 'count', firewall: 'everything' } });
    let shownCenter = 0;
    center.onShowCenter(() => shownCenter++);
    await clock.advance(90 * MINUTE);
    newTicket();
    newAlerts('low', 4);
    await clock.advance(9 * 60 * MINUTE);
    expect(platform.notifications).toEqual([{ id: QUIET_SUMMARY_ID, title: 'Quiet hours are over', body: 'While quiet: 6 new items in OpsDesk' }]);
    platform.click(QUIET_SUMMARY_ID);
    expect(shownCenter).toBe(1);
  });

  it('what arrived before a restart during quiet hours is in the summary after it; switching them off sums up at once', async () => {
    settings({ quietHours: quietAtNight });
    await clock.advance(120 * MINUTE); // 23:00
    newAlerts('high', 5);
    center.dispose();
    center = open();
    newBlock();
    expect(platform.notifications).toEqual([]);
    settings({ quietHours: { ...quietAtNight, on: false } });
    expect(platform.notifications).toEqual([{ id: QUIET_SUMMARY_ID, title: 'Quiet hours are over', body: 'While quiet: 5 alerts, 1 block' }]);
    await clock.advance(12 * 60 * MINUTE);
    expect(platform.notifications).toHaveLength(1);
  });

  it('in 简体中文 the summary lists the kinds in Chinese', async () => {
    language = 'zh-CN';
    center.dispose();
    center = open();
    settings({ quietHours: quietAtNight });
    await clock.advance(120 * MINUTE);
    newTicket();
    newAlerts('high', 12);
    await clock.advance(8 * 60 * MINUTE);
    expect(platform.notifications).toEqual([{ id: QUIET_SUMMARY_ID, title: '静默时段已结束', body: '静默期间：12 条告警、1 个工单、1 条访客消息' }]);
  });

  it.each([
    ['22:00', '07:00', [21, 59], false],
    ['22:00', '07:00', [22, 0], true],
    ['22:00', '07:00', [0, 30], true],
    ['22:00', '07:00', [7, 0], false],
    ['09:00', '17:30', [17, 29], true],
    ['09:00', '17:30', [8, 59], false],
    ['08:00', '08:00', [8, 0], false],
  ] as const)('from %s to %s, %j local time is quiet: %s', (from, to, [hour, minute], quiet) => {
    expect(isQuiet({ on: true, from, to }, new Date(2026, 5, 1, hour, minute).getTime())).toBe(quiet);
  });
});
