// A view's kept filters read back over its defaults, whatever an older or damaged save left.
import { describe, expect, test } from 'vitest';
import { keptOver } from '../../src-renderer/ui/kept-filter.ts';

const inbox = { status: null as string | null, unreadOnly: false, text: '', within: 'any' as 'any' | 'day' | 'week', sort: 'activity' };
const words = { within: ['any', 'day', 'week'], sort: ['activity', 'newest'] };

describe('a kept filter over the view’s defaults', () => {
  test.each([
    ['nothing kept', undefined, inbox],
    ['every field as left', { status: 'queued', unreadOnly: true, text: 'refund', within: 'week', sort: 'newest' }, { status: 'queued', unreadOnly: true, text: 'refund', within: 'week', sort: 'newest' }],
    ['a field the view no longer has is dropped', { text: 'x', folder: 'old' }, { ...inbox, text: 'x' }],
    ['a field of another type keeps its default', { unreadOnly: 'yes', text: 3 }, inbox],
    ['a word the view no longer offers keeps its default', { within: 'year', sort: 'newest' }, { ...inbox, sort: 'newest' }],
    ['a field whose default is nothing takes a word', { status: 'closed' }, { ...inbox, status: 'closed' }],
  ])('%s', (_case, kept, expected) => {
    expect(keptOver(inbox, kept, words)).toEqual(expected);
  });
});
