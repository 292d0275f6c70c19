// The timeline page printed to PDF (case-timeline-print.ts), without a browser: every event on a
// row in the order given, what a server or a model wrote printed as text (no markup, no script,
// nothing fetched), in the window's language.
import { describe, expect, test } from 'vitest';
import type { CaseDetail, TimelineEvent } from '../../../src-shared/contract/cases.ts';
import { createTranslator } from '../../../src-shared/i18n/translator.ts';
import { timelinePage } from '../../../src-main/core/cases/case-timeline-print.ts';

const detail: CaseDetail = {
  id: 'c1', number: 3, title: 'Scan <b>from</b> 203.0.113.77', status: 'inProgress', severity: 'high', tags: ['scan'], owner: 'lin', createdAt: '2026-11-25T09:00:00.000Z', updatedAt: '2026-11-25T12:00:00.000Z', itemCount: 2, mergedInto: null, itemCounts: { alert: 1, ticket: 1 },
};
const event = (id: string, at: string, fields: Partial<TimelineEvent>): TimelineEvent => ({
  id, kind: 'ticket', what: 'ticketMessage', at, learnedAt: null, item: null, itemLabel: null, actor: null, summary: '', text: null, addresses: [], severity: null, write: null, proposal: null, notes: 0, target: null, ...fields,
});
const events = [
  event('alert:fw:a1', '2026-11-25T10:00:00.000Z', { kind: 'alert', what: 'alertRaised', summary: 'ET SCAN Nmap SYN', itemLabel: 'ET SCAN Nmap SYN' }),
  event('ticket:m1', '2026-11-25T11:00:00.000Z', { summary: 'Hi', text: `<img src="https://tracker.example/x.png" onerror="alert(1)"><script>document.title='pwned'</script>\u202Egnp.exe`, actor: 'Lin' }),
  event('write:w1', '2026-11-25T11:30:00.000Z', { kind: 'write', what: 'write', summary: '203.0.113.77', learnedAt: '2026-11-25T11:31:00.000Z', write: { backEnd: 'firewall', action: { code: 'block' }, outcome: 'sent', requestId: 'req_42', errorCode: null, profileName: 'Branch', proposedBy: null } }),
];

describe('the printed timeline', () => {
  test('every event on a row, in the order given, with its request id and when OpsDesk learned of it', () => {
    const page = timelinePage({ detail, events, notes: [{ id: 'n1', eventId: null, body: 'Confirmed with Lin.', author: 'lin', createdAt: '2026-11-25T12:00:00.000Z', updatedAt: '2026-11-25T12:00:00.000Z' }], printedAt: '2026-11-25T13:00:00.000Z' }, createTranslator('en').t);
    const rows = page.split('<tr>').slice(2);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('2026-11-25 10:00:00 UTC');
    expect(rows[0]).toContain('ET SCAN Nmap SYN');
    expect(rows[2]).toContain('Block address');
    expect(rows[2]).toContain('req_42');
    expect(rows[2]).toContain('learned 2026-11-25 11:31:00 UTC');
    expect(page).toContain('<title>Case #3: Scan &#60;b&#62;from&#60;/b&#62; 203.0.113.77</title>');
    expect(page).toContain('Confirmed with Lin.');
  });

  test('prints a server’s text as text: no element, script or address to fetch of its own, direction controls written out', () => {
    const page = timelinePage({ detail, events, notes: [], printedAt: '2026-11-25T13:00:00.000Z' }, createTranslator('en').t);
    expect(page).not.toMatch(/<(img|script|b)[\s>]/);
    expect(page).toContain('&#60;script&#62;');
    expect(page).not.toContain('\u202E');
    expect(page).toContain("Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\"");
  });

  test('in the window’s language', () => {
    const page = timelinePage({ detail, events, notes: [], printedAt: '2026-11-25T13:00:00.000Z' }, createTranslator('zh-CN').t);
    expect(page).toContain('<html lang="zh-CN">');
    expect(page).toContain('案件 #3');
  });
});
