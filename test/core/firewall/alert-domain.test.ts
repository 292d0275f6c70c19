// The domain an alert names, read from the fields the appliance sends beyond the documented ones:
// what quick allow offers beside the address.
import { describe, expect, it } from 'vitest';
import { alertDomainOf } from '../../../src-main/core/firewall/alerts/alert-wire.ts';

describe('alertDomainOf', () => {
  it('reads a host, a TLS name or a DNS query under its usual names, lower case, without a port or the root dot', () => {
    expect(alertDomainOf({ domain: 'Updates.Example.COM' })).toBe('updates.example.com');
    expect(alertDomainOf({ http_host: 'shop.example.net:8443' })).toBe('shop.example.net');
    expect(alertDomainOf({ sni: 'cdn.example.org.' })).toBe('cdn.example.org');
    expect(alertDomainOf({ dns_query: 'c2.bad-domain.example', hostname: 'ignored.example' })).toBe('ignored.example');
  });

  it('takes no address, no bare word and nothing that is not text for a domain', () => {
    expect(alertDomainOf({ host: '203.0.113.7' })).toBeNull();
    expect(alertDomainOf({ host: 'localhost' })).toBeNull();
    expect(alertDomainOf({ domain: 42, host: { name: 'x.example' } })).toBeNull();
    expect(alertDomainOf({})).toBeNull();
  });
});
