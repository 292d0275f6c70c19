// The timeline made from what the caches hold (case-timeline.ts), without services: which of two
// readings of one event wins, what a write learned later says, the filters, and the hash an export
// carries being blind to key order.
import { describe, expect, test } from 'vitest';
import type { TimelineEvent } from '../../../src-shared/contract/cases.ts';
import type { StoredCaseItem } from '../../../src-main/core/cases/case-item-repository.ts';
import { buildTimeline, filterTimeline, readTimeline, timelineHash, type TimelineSources } from '../../../src-main/core/cases/case-timeline.ts';
import type { WriteFacts } from '../../../src-main/core/cases/case-sources.ts';

const alertItem = (itemId: string, occurredAt: string, facts: StoredCaseItem['facts'] = null): StoredCaseItem => ({
  kind: 'alert', profileId: 'fw', itemId, label: `Signature of ${itemId}`, address: '203.0.113.7', occurredAt, facts, addedAt: '2026-11-25T12:00:00.000Z', addedBy: 'lin',
});

const sources = (changes: Partial<TimelineSources>): TimelineSources => ({
  items: [], alerts: new Map(), tickets: new Map(), contacts: new Map(), workItems: new Map(), conversations: new Map(), triages: new Map(), blocks: new Map(), writes: [], notes: [], kept: [], ...changes,
});

const write = (changes: Partial<WriteFacts>): WriteFacts => ({
  id: 'w1', at: '2026-11-25T10:00:00.000Z', updatedAt: '2026-11-25T10:00:00.000Z', osUser: 'lin', profileId: 'fw', profileName: 'Branch', backEnd: 'firewall', action: 'block', params: null,
  targetKind: 'blockEntry', targetId: null, targetAddress: '203.0.113.7', targetLabel: null, requestId: 'req_1', outcome: 'sent', errorCode: null, proposedBy: null, ...changes,
});

describe('a case timeline', () => {
  test('an alert the cache pruned still shows, from what the case kept of it; newest first whatever the time format', () => {
    const events = buildTimeline(sources({
      items: [alertItem('a1', '2026-11-25T09:00:00Z', { severity: 'high', dstIp: '10.0.0.5', message: 'SYN to 22' }), alertItem('a2', '2026-11-25T09:30:00+01:00')],
    }));
    expect(events.map((event) => [event.id, event.at])).toEqual([
      ['alert:fw:a1', '2026-11-25T09:00:00.000Z'],
      ['alert:fw:a2', '2026-11-25T08:30:00.000Z'],
    ]);
    expect(events[0]).toMatchObject({ summary: 'Signature of a1', severity: 'high', addresses: ['203.0.113.7', '10.0.0.5'], text: 'SYN to 22', target: { kind: 'alert', params: { profileId: 'fw', alertId: 'a1' } } });
    expect(events[1]).toMatchObject({ addresses: ['203.0.113.7'], severity: null });
  });

  test('an imported event wins over one made only from an item\'s label; a cache\'s reading wins over an imported one', () => {
    const imported = (id: string, summary: string): TimelineEvent => ({
      id, kind: 'alert', what: 'alertRaised', at: '2026-11-25T09:00:00.000Z', learnedAt: null, item: null, itemLabel: null, actor: null, summary, text: null, addresses: [], severity: 'low', write: null, proposal: null, notes: 0, target: null,
    });
    const events = buildTimeline(sources({
      items: [alertItem('bare', '2026-11-25T09:00:00Z'), alertItem('kept', '2026-11-25T09:00:00Z', { severity: 'critical' })],
      kept: [imported('alert:fw:bare', 'as exported'), imported('alert:fw:kept', 'as exported')],
    }));
    expect(Object.fromEntries(events.map((event) => [event.id, event.summary]))).toEqual({ 'alert:fw:bare': 'as exported', 'alert:fw:kept': 'Signature of kept' });
  });

  test('a write taken later says when OpsDesk learned of it; a note on an event counts on it', () => {
    const events = buildTimeline(sources({
      items: [alertItem('a1', '2026-11-25T09:00:00Z')],
      writes: [write({ updatedAt: '2026-11-25T10:05:00.000Z', outcome: 'sent' }), write({ id: 'w2', at: '2026-11-25T10:10:00.000Z', updatedAt: '2026-11-25T10:10:00.400Z' })],
      notes: [{ id: 'n1', caseId: 'c', eventId: 'alert:fw:a1', body: 'first probe', author: 'lin', createdAt: '2026-11-25T11:00:00.000Z', updatedAt: '2026-11-25T11:00:00.000Z' }],
    }));
    expect(events.map((event) => [event.id, event.learnedAt])).toEqual([
      ['write:w2', null],
      ['write:w1', '2026-11-25T10:05:00.000Z'],
      ['alert:fw:a1', null],
    ]);
    expect(events.find((event) => event.id === 'alert:fw:a1')!.notes).toBe(1);
    expect(events[0]!.write).toMatchObject({ requestId: 'req_1', outcome: 'sent', action: { code: 'block' } });
  });

  test('filters by kind, by an address or a range it falls in, and by every word typed', () => {
    const read = readTimeline(buildTimeline(sources({
      items: [alertItem('a1', '2026-11-25T09:00:00Z', { dstIp: '10.0.0.5', message: 'SYN scan' }), { ...alertItem('a2', '2026-11-25T09:10:00Z', {}), address: '198.51.100.4' }],
      writes: [write({})],
    })));
    expect(filterTimeline(read, { kinds: ['write'] }, 'newest').map((event) => event.id)).toEqual(['write:w1']);
    expect(filterTimeline(read, { address: '10.0.0.0/24' }, 'newest').map((event) => event.id)).toEqual(['alert:fw:a1']);
    expect(filterTimeline(read, { address: '203.0.113.7' }, 'oldest').map((event) => event.id)).toEqual(['alert:fw:a1', 'write:w1']);
    expect(filterTimeline(read, { text: 'syn SCAN' }, 'newest').map((event) => event.id)).toEqual(['alert:fw:a1']);
    expect(filterTimeline(read, { text: 'syn nothing' }, 'newest')).toEqual([]);
    expect(read.kindCounts).toEqual({ alert: 2, write: 1 });
    expect(read.addresses[0]).toEqual({ address: '203.0.113.7', events: 2 });
  });

  test('the hash of a timeline does not depend on the order its fields were written in', () => {
    const [event] = buildTimeline(sources({ items: [alertItem('a1', '2026-11-25T09:00:00Z', {})] }));
    const reordered = Object.fromEntries(Object.entries(event!).reverse()) as unknown as TimelineEvent;
    expect(timelineHash([reordered])).toBe(timelineHash([event!]));
    expect(timelineHash([{ ...event!, summary: 'changed' }])).not.toBe(timelineHash([event!]));
  });
});
