// What a contact and a work item are read with alike (follow-up-wire.ts): their follow-ups, count,
// times under any of their names, and only the fields no name is known for kept in `other`.
import { describe, expect, test } from 'vitest';
import { readContact } from '../../../src-main/core/support/contacts/contact-wire.ts';
import { readWorkItem } from '../../../src-main/core/support/work/work-wire.ts';
import { fieldsOf, type Fields } from '../../../src-main/core/wire/read.ts';

const read = <T>(reader: (fields: Fields) => T, record: Record<string, unknown>) => reader(fieldsOf(record)!);

describe('records with follow-ups on the wire', () => {
  test('follow-ups, their count and times are read under their other names; only unknown fields stay in other', () => {
    const item = read(readWorkItem, {
      work_item_id: 'w1',
      subject: 'Router swap',
      follows_count: '2',
      created: '2026-04-01T00:00:00Z',
      modified_at: '2026-04-02T00:00:00Z',
      timeline: [{ follow_id: 'f1', type: 'note', content: 'called back' }, { type: 'no id' }],
      site_id: 'site-main',
      owner: 'Ana',
      region: 'north',
    });
    expect(item).toMatchObject({
      id: 'w1',
      title: 'Router swap',
      assignee: 'Ana',
      followCount: 2,
      createdAt: '2026-04-01T00:00:00.000Z',
      updatedAt: '2026-04-02T00:00:00.000Z',
      follows: [{ id: 'f1', kind: 'note', note: 'called back' }],
      other: { region: 'north' },
    });
  });

  test("a record's own names stay out of other, another record's do not; no follow-up list reads as null", () => {
    const contact = read(readContact, { id: 'c1', stage: 'done', organization: 'Acme', assignee: 'Ana' });
    expect(contact).toMatchObject({ status: 'done', company: 'Acme', follows: null, followCount: null, createdAt: null, other: { assignee: 'Ana' } });
    expect(read(readWorkItem, { id: 'w1', organization: 'Acme' })?.other).toEqual({ organization: 'Acme' });
  });
});
