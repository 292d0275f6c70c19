// The names a certificate prompt shows: what the analyst typed or will type, not Node's labels.
import { expect, test } from 'vitest';
import { certificateNameText } from '../../src-renderer/ui/certificate-names.ts';

test('names and addresses alone, IPv6 in its short form, other kinds labelled', () => {
  expect(['DNS:localhost', 'IP Address:127.0.0.1', 'IP Address:0:0:0:0:0:0:0:1', 'IP Address:FE80:0:0:0:0:0:0:1', 'email:ops@example.org', 'URI:https://fw.example/'].map(certificateNameText)).toEqual([
    'localhost',
    '127.0.0.1',
    '::1',
    'fe80::1',
    'email:ops@example.org',
    'URI:https://fw.example/',
  ]);
  expect(certificateNameText('IP Address:not an address:'), 'what cannot be read is shown as it came').toBe('not an address:');
});
