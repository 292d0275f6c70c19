// A case's observables found in its timeline's texts (case-observables.ts), without services: which
// hex runs are hashes and which dotted names are domains (and which are files, versions or a
// visitor's mail provider), and how each is counted with where it was named.
import { describe, expect, test } from 'vitest';
import type { TimelineEvent } from '../../../src-shared/contract/cases.ts';
import { filterObservables, findDomains, findHashes, observablesOf, payloadText } from '../../../src-main/core/cases/case-observables.ts';

const MD5 = 'd41d8cd98f00b204e9800998ecf8427e';
const SHA1 = 'da39a3ee5e6b4b0d3255bfef95601890afd80709';
const SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

const event = (id: string, at: string, fields: Partial<TimelineEvent>): TimelineEvent => ({
  id, kind: 'ticket', what: 'ticketMessage', at, learnedAt: null, item: null, itemLabel: `Item of ${id}`, actor: null, summary: '', text: null, addresses: [], severity: null, write: null, proposal: null, notes: 0, target: null, ...fields,
});

describe('hashes', () => {
  test('MD5, SHA-1 and SHA-256 in hex, in any case, standing alone', () => {
    expect(findHashes(`md5=${MD5.toUpperCase()} sha1:${SHA1} (${SHA256}).`)).toEqual([
      { value: MD5, hashType: 'md5' },
      { value: SHA1, hashType: 'sha1' },
      { value: SHA256, hashType: 'sha256' },
    ]);
  });

  test('not a run of another length, one inside a word or an id, nor digits or letters alone', () => {
    expect(findHashes(`${MD5}ab ${SHA1.slice(1)} req_${MD5} x${SHA256} ${'1'.repeat(32)} ${'abcdef'.repeat(6).slice(0, 32)} ${MD5}-part`)).toEqual([]);
  });
});

describe('domains', () => {
  test('hosts under a public suffix, in prose, URLs, defanged and lower-cased', () => {
    expect(findDomains('Beacon to Evil.Example.COM, then https://cdn.bad-actor.co.uk/x.bin and update[.]example[.]net.')).toEqual(['evil.example.com', 'cdn.bad-actor.co.uk', 'update.example.net']);
  });

  test('not files, versions, abbreviations, mail providers or unknown suffixes', () => {
    expect(findDomains('see readme.md, setup.py, photos.zip, report.pdf, v1.2.3, e.g. this, lin@mail.example.com, index.html, config.local')).toEqual([]);
  });

  test('a subdomain under a file-like suffix is a host after all', () => {
    expect(findDomains('download.files.zip')).toEqual(['download.files.zip']);
  });
});

describe('a timeline’s observables', () => {
  const events = [
    event('note:1', '2026-11-25T12:00:00.000Z', { kind: 'note', what: 'note', summary: `Hash ${SHA256} again from 203.0.113.77`, addresses: ['203.0.113.77'] }),
    event('ticket:m2', '2026-11-25T11:00:00.000Z', { text: `The file ${SHA256} came from evil.example.com`, summary: 'The file', addresses: [] }),
    event('alert:fw:a1', '2026-11-25T10:00:00.000Z', { kind: 'alert', what: 'alertRaised', summary: 'ET SCAN', addresses: ['203.0.113.77', '10.0.0.5'] }),
    event('ticket:m0', '2026-11-25T09:00:00.000Z', { summary: 'Blocked 198.51.100.0/24', addresses: ['198.51.100.0/24'] }),
  ];

  test('each counted once per event that names it, most named first, its first and last times and newest sightings', () => {
    const found = observablesOf(events, new Map([['alert:fw:a1', payloadText({ http: { host: 'evil.example.com', path: '/x' } })]]));
    expect(found.map((observable) => [observable.kind, observable.value, observable.events])).toEqual([
      ['address', '203.0.113.77', 2],
      ['domain', 'evil.example.com', 2],
      ['hash', SHA256, 2],
      ['address', '10.0.0.5', 1],
    ]);
    const domain = found.find((observable) => observable.kind === 'domain')!;
    expect(domain).toMatchObject({ firstAt: '2026-11-25T10:00:00.000Z', lastAt: '2026-11-25T11:00:00.000Z', hashType: null, standing: null });
    expect(domain.seenIn.map((seen) => seen.eventId)).toEqual(['ticket:m2', 'alert:fw:a1']);
    expect(found.find((observable) => observable.kind === 'hash')!.hashType).toBe('sha256');
  });

  test('a range is no observable; filters by kind and by words in the value or the item naming it', () => {
    const found = observablesOf(events, new Map());
    expect(found.some((observable) => observable.value.includes('/'))).toBe(false);
    expect(filterObservables(found, 'address', undefined).map((observable) => observable.value)).toEqual(['203.0.113.77', '10.0.0.5']);
    expect(filterObservables(found, undefined, 'EXAMPLE').map((observable) => observable.value)).toEqual(['evil.example.com']);
    expect(filterObservables(found, undefined, 'item of alert').map((observable) => observable.value)).toEqual(['203.0.113.77', '10.0.0.5']);
  });

  test('an appliance’s payload is read string by string, cut to a readable size', () => {
    expect(payloadText({ a: ['x', { b: 'y' }], n: 3 }, null)).toBe('x\ny');
    expect(payloadText({ long: 'z'.repeat(50_000) }).length).toBe(20_000);
  });
});
