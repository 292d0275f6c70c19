// What the privacy mask leaves out of a text for the model: the visitor's phone numbers and e-mail
// addresses, as written in several countries, and never the facts a desk needs (an address, a
// date, a time, a ticket or invoice number, a file name), whatever region the numbers are read in.
import { describe, expect, test } from 'vitest';
import type { CountryCode } from 'libphonenumber-js';
import { maskContactDetails, phoneRegionOf } from '../../../src-main/core/drafting/contact-mask.ts';

const masked = (text: string, phoneRegion: CountryCode | null) => maskContactDetails(text, { email: true, phone: true, phoneRegion });

const REGIONS: (CountryCode | null)[] = [null, 'US', 'GB', 'DE', 'CN', 'FR', 'JP'];

describe('the privacy mask leaves facts as they are', () => {
  const facts = [
    'Our office IP 203.0.113.193',
    'the block list holds 198.51.100.0/24 and 192.168.1.10:8443',
    'IPv6 2001:db8::1, [2001:db8:85a3::8a2e:370:7334]:443 and fe80::1ff:fe23:4567:890a',
    'the call on 2026-11-29 at 14:30',
    'invoice dated 29.11.2026, paid 11/29/2026, due 2026/12/01',
    'logged at 2026-11-29T14:30:15Z, again at 09:05:59',
    'ticket T-1029384756 and #48213377',
    'invoice INV-20261129',
    'invoice number 48213377',
    'order 20261129 shipped',
    'the recording call-2026-11-29.wav and recording_20261129_143015.mp3',
    'see https://desk.example.com/orders/4155552671?ref=2026112914',
    'version 10.4.15.5552671 of the agent',
  ];
  for (const region of REGIONS) {
    test.each(facts)(`in region ${region ?? 'none'}: %s`, (text) => {
      expect(masked(text, region)).toBe(text);
    });
  }
});

describe('the privacy mask hides phone numbers', () => {
  test.each<[string, CountryCode | null, string]>([
    ['Call me on +1 415 555 2671 after lunch.', null, 'Call me on [phone] after lunch.'],
    ['UK office: +44 20 7946 0958.', null, 'UK office: [phone].'],
    ['手机 +86 138 0013 8000，谢谢', null, '手机 [phone]，谢谢'],
    ['Berlin: +49 30 901820', null, 'Berlin: [phone]'],
    ['Tel.+49 30 901820 (Zentrale)', null, 'Tel.[phone] (Zentrale)'],
    ['tel:+14155552671', null, 'tel:[phone]'],
    ['Mobile (415) 555-2671 or 415.555.2671', 'US', 'Mobile [phone] or [phone]'],
    ['ring 020 7946 0958 please', 'GB', 'ring [phone] please'],
    ['北京办公室 010-6552 9988，手机13800138000', 'CN', '北京办公室 [phone]，手机[phone]'],
    ['Rufen Sie 030 901820 an', 'DE', 'Rufen Sie [phone] an'],
    ['appelez le 01 23 45 67 89', 'FR', 'appelez le [phone]'],
    ['電話03-1234-5678まで', 'JP', '電話[phone]まで'],
    ['On 2026-11-29 at 14:30 from 203.0.113.193 she called +44 20 7946 0958 about INV-20261129.', 'GB', 'On 2026-11-29 at 14:30 from 203.0.113.193 she called [phone] about INV-20261129.'],
  ])('%s (region %s)', (text, region, expected) => {
    expect(masked(text, region)).toBe(expected);
  });

  test('a number written without its country code is a phone only in a region where it is valid', () => {
    expect(masked('ring 020 7946 0958 please', null)).toBe('ring 020 7946 0958 please');
    expect(masked('ring 020 7946 0958 please', 'US')).toBe('ring 020 7946 0958 please');
  });
});

describe('the privacy mask hides e-mail addresses', () => {
  test('an address goes; a login at an IP address and the address itself stay apart', () => {
    expect(masked('write to olga.petrova@example.com or 13800138000@qq.com, thanks', 'CN')).toBe('write to [email] or [email], thanks');
    expect(masked('ssh admin@203.0.113.193', null)).toBe('ssh admin@203.0.113.193');
  });

  test('only what the settings withhold is masked', () => {
    const text = 'olga@example.com, +44 20 7946 0958';
    expect(maskContactDetails(text, { email: true, phone: false, phoneRegion: null })).toBe('[email], +44 20 7946 0958');
    expect(maskContactDetails(text, { email: false, phone: true, phoneRegion: null })).toBe('olga@example.com, [phone]');
  });
});

test('the region is read from the country or locale a ticket or contact names, when the phone metadata knows it', () => {
  expect(phoneRegionOf([{ name: 'country', value: 'de' }])).toBe('DE');
  expect(phoneRegionOf([{ name: 'visitor_locale', value: 'zh_CN' }])).toBe('CN');
  expect(phoneRegionOf([{ name: 'country_code', value: 'en-GB' }])).toBe('GB');
  expect(phoneRegionOf([{ name: 'country', value: 'Atlantis' }, { name: 'locale', value: 'fr-FR' }])).toBe('FR');
  expect(phoneRegionOf([{ name: 'country', value: 'ZZ' }, { name: 'note', value: 'DE' }])).toBeNull();
});
