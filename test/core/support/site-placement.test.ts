// Where the support site goes: learned from the server's description, or set in the profile.
import { describe, expect, it } from 'vitest';
import { summariseDescription } from '../../../src-main/core/support/client.ts';
import { chooseSiteRoute, siteRouteIn, withSite } from '../../../src-main/core/support/site-placement.ts';
import { answeredForSite } from '../../../src-main/core/support/test-connection.ts';
import { readApiDescription } from '../../../src-main/core/wire/openapi.ts';

const describedAs = (paths: Record<string, unknown>) => readApiDescription({ openapi: '3.1.0', paths })!;

describe('learning where the site goes', () => {
  it.each([
    ['a header', { '/meta': { get: { parameters: [{ name: 'X-Site-Id', in: 'header' }] } } }, { in: 'header', name: 'X-Site-Id' }],
    ['a query parameter', { '/meta': { get: { parameters: [{ name: 'site', in: 'query' }] } } }, { in: 'query', name: 'site' }],
    ['the path', { '/sites/{site_id}/meta': { get: {} }, '/sites/{site_id}/tickets': { get: {} } }, { in: 'path', name: '/sites/{site_id}' }],
    ['nowhere', { '/meta': { get: { parameters: [{ name: 'q', in: 'query' }] } } }, undefined],
  ])('from %s', (_what, paths, route) => {
    const learned = siteRouteIn(describedAs(paths));
    expect(learned).toEqual(route === undefined ? undefined : { ...route, learnedFrom: 'server' });
  });

  it('puts the site where the route says', () => {
    const request = { method: 'GET' as const, path: '/tickets', query: { limit: 5 } };
    expect(withSite(request, 'site-main', { in: 'header', name: 'X-SVC-Site', learnedFrom: 'default' }).headers).toEqual({ 'X-SVC-Site': 'site-main' });
    expect(withSite(request, '1024', { in: 'query', name: 'site_id', learnedFrom: 'server' }).query).toEqual({ limit: 5, site_id: '1024' });
    expect(withSite(request, 'a b', { in: 'path', name: '/sites/{site}', learnedFrom: 'profile' }).path).toBe('/sites/a%20b/tickets');
  });

  it('prefers the profile, then the server, then the X-SVC-Site header', () => {
    const server = { in: 'query', name: 'site_id', learnedFrom: 'server' } as const;
    expect(chooseSiteRoute({ siteIn: 'path' }, server)).toEqual({ in: 'path', name: '/sites/{site}', learnedFrom: 'profile' });
    expect(chooseSiteRoute({ siteIn: 'auto' }, server)).toEqual(server);
    expect(chooseSiteRoute({}, undefined)).toEqual({ in: 'header', name: 'X-SVC-Site', learnedFrom: 'default' });
  });

  it('compares a path-routed description with the document without its site prefix', () => {
    const description = describedAs({ '/sites/{site_id}/meta': { get: {} }, '/sites/{site_id}/tickets': { get: {}, post: {} } });
    const summary = summariseDescription(description, siteRouteIn(description)!);
    expect(summary.operations).toBe(3);
    expect(summary.missing).not.toContain('GET /meta');
    expect(summary.missing).toContain('GET /contacts');
  });
});

describe("whether the server answered for the profile's site", () => {
  const sites = [{ id: '1024', name: 'site-main' }, { id: '1025', name: 'site-eu' }];
  it.each([
    ['the same id', { site: '1024', sites, scopes: [] }, '1024', true],
    ['the id of the site named in the profile', { site: '1024', sites, scopes: [] }, 'site-main', true],
    ['the name of the site whose id the profile gives', { site: 'site-main', sites, scopes: [] }, '1024', true],
    ['another site', { site: '1024', sites, scopes: [] }, '1025', false],
    ['another, unlisted site', { site: '7', sites: [], scopes: [] }, '1024', false],
    ['no site at all (cannot tell)', { sites, scopes: [] }, '1025', true],
  ])('%s', (_what, meta, profileSite, expected) => {
    expect(answeredForSite(meta, profileSite)).toBe(expected);
  });
});
