import { expect, test } from 'vitest';
import { expectEach, expectNone } from './expect-each.ts';

const alerts = [
  { id: 'alt_1', severity: 'high' },
  { id: 'alt_2', severity: 'low' },
];

test('expectEach passes when every item holds, and fails naming the first that does not', () => {
  expect(() => expectEach(alerts, (alert) => alert.id.startsWith('alt_'), 'be an alert')).not.toThrow();
  expect(() => expectEach(alerts, (alert) => alert.severity === 'high', 'be high')).toThrow(
    "expected every item to be high, but item 1 of 2 does not: { id: 'alt_2', severity: 'low' }",
  );
});

test('expectNone passes when no item matches, and fails naming the first that does', () => {
  expect(() => expectNone(alerts, (alert) => alert.severity === 'critical', 'be critical')).not.toThrow();
  expect(() => expectNone(alerts, (alert) => alert.severity === 'low', 'be low')).toThrow("expected no item to be low, but item 1 of 2 does: { id: 'alt_2', severity: 'low' }");
});

test('both fail on an empty list: a filter that matched nothing proves nothing', () => {
  expect(() => expectEach([], () => true, 'be high')).toThrow('expected items that should each be high, but the list is empty');
  expect(() => expectNone([], () => false, 'be low')).toThrow('expected items none of which should be low, but the list is empty');
});
