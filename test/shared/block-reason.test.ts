import { expect, test } from 'vitest';
import { alertIdInBlockReason, blockReason, type BlockOrigin } from '../../src-shared/block-reason.ts';

test.each<[string, BlockOrigin, string, string]>([
  ['an alert', { kind: 'alert', alertId: 'alt_00042' }, 'ET SCAN Nmap', 'OpsDesk: alert alt_00042 by jdoe: ET SCAN Nmap'],
  ['an approved proposal', { kind: 'proposal', alertId: 'alt_7' }, 'true positive, scanning', 'OpsDesk: approved model proposal for alert alt_7 by jdoe: true positive, scanning'],
  ['a bulk block from a filter', { kind: 'bulk', count: 12, from: 'filter severity=high' }, '', 'OpsDesk: bulk block of 12 from filter severity=high by jdoe'],
  ['a block from the address card', { kind: 'manual' }, '  ', 'OpsDesk: manual block by jdoe'],
  ['an Extend, which keeps the reason', { kind: 'kept' }, 'OpsDesk: alert alt_1 by ana: scan', 'OpsDesk: alert alt_1 by ana: scan'],
])('a block made from %s says so in its reason, and who made it', (_where, origin, reason, sent) => {
  expect(blockReason(origin, reason, 'jdoe')).toBe(sent);
});

test('a block made where the OS does not name its user says so, and the reason stays within the appliance limit', () => {
  expect(blockReason({ kind: 'manual' }, '', null)).toBe('OpsDesk: manual block by an unknown user');
  expect(blockReason({ kind: 'alert', alertId: 'alt_1' }, 'x'.repeat(600), 'jdoe')).toHaveLength(500);
});

test.each([
  ['OpsDesk: alert alt_00042 by jdoe: ET SCAN Nmap', 'alt_00042'],
  ['OpsDesk: approved model proposal for alert alt_7 by jdoe', 'alt_7'],
  ['Alert alt_9: written before issue 39', 'alt_9'],
  ['OpsDesk: bulk block of 12 by jdoe', null],
  ['blocked by hand on the appliance', null],
])('the alert a block came from is read back from its reason: %s', (reason, alertId) => {
  expect(alertIdInBlockReason(reason)).toBe(alertId);
});
