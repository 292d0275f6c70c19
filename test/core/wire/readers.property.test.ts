// Each client's readers fed randomly varied, document-compatible bodies: types swapped, optional
// fields dropped, extra fields, fields renamed to their plausible other names. Nothing with a usable
// id may be refused, nothing may throw, and every value sent readably must be read as sent.
// Seeded: a failure names its seed; OPSDESK_PROPERTY_SEED=<seed> replays exactly that body first.
import { describe, expect, it } from 'vitest';
import { readSystemStatus } from '../../../src-main/core/firewall/client.ts';
import { readModel } from '../../../src-main/core/gateway/client.ts';
import { readEnvelope, readMeta } from '../../../src-main/core/support/client.ts';
import { readRecords, unwrappedFieldsOf } from '../../../src-main/core/wire/read.ts';
import { createRandom, type Random } from '../../sim/random.ts';

const CASES = 300;
const firstSeed = Number(process.env.OPSDESK_PROPERTY_SEED ?? 1);
const seeds = Array.from({ length: CASES }, (_, i) => firstSeed + i);

/** Anything a server might add: readers must pass over it. */
function extraValue(random: Random, depth = 0): unknown {
  switch (random.int(0, depth > 1 ? 4 : 6)) {
    case 0: return null;
    case 1: return random.int(-5, 1e6);
    case 2: return random.hex(random.int(0, 12));
    case 3: return random.chance(0.5);
    case 4: return '';
    case 5: return Array.from({ length: random.int(0, 3) }, () => extraValue(random, depth + 1));
    default: return Object.fromEntries(Array.from({ length: random.int(0, 3) }, () => [`x_${random.hex(4)}`, extraValue(random, depth + 1)]));
  }
}

function withExtras(random: Random, record: Record<string, unknown>): Record<string, unknown> {
  for (let i = random.int(0, 3); i > 0; i--) record[`extra_${random.hex(5)}`] = extraValue(random);
  return record;
}

/** A number as a server may send it: bare, as text, or inside an object under one of `inside`. */
function numberAs(random: Random, value: number, inside: readonly string[]): unknown {
  switch (random.int(0, 2)) {
    case 0: return value;
    case 1: return String(value);
    default: return withExtras(random, { [random.pick(inside)]: random.chance(0.5) ? value : String(value) });
  }
}

function idAs(random: Random, numeric: number): string | number {
  return random.chance(0.5) ? numeric : random.chance(0.5) ? String(numeric) : `id-${numeric}`;
}

const flagAs = (random: Random, open: boolean): unknown => random.pick(open ? [true, 'true', 1, 'yes'] : [false, 'false', 0, 'no']);

describe('firewall system status', () => {
  it(`reads ${CASES} varied bodies without throwing and keeps every readable value`, () => {
    for (const seed of seeds) {
      const random = createRandom(seed, 'firewall-status');
      const sent: Record<string, number | string> = {};
      const body: Record<string, unknown> = {};
      const put = (key: string, names: readonly string[], value: unknown, read: number | string) => {
        if (random.chance(0.2)) return; // optional: dropped
        body[random.pick(names)] = value;
        sent[key] = read;
      };
      const uptime = random.int(0, 1e8);
      const cpu = random.int(0, 1000) / 10;
      const memory = random.int(0, 1000) / 10;
      const sessions = random.int(0, 1e6);
      const version = random.chance(0.5) ? `V${random.int(1, 9)}.${random.int(0, 9)} build ${random.int(2e7, 3e7)}` : random.int(1, 99);
      put('version', ['version', 'firmware_version'], version, String(version));
      put('uptimeSeconds', ['uptime', 'uptime_seconds'], numberAs(random, uptime, ['value']), uptime);
      put('cpuPercent', ['cpu', 'cpu_percent', 'cpu_usage'], numberAs(random, cpu, ['percent', 'value']), cpu);
      put('memoryPercent', ['memory', 'memory_percent'], numberAs(random, memory, ['percent', 'value']), memory);
      put('activeSessions', ['sessions', 'active_sessions'], numberAs(random, sessions, ['active', 'value', 'count']), sessions);
      if (random.chance(0.3)) body['edition'] = random.pick(['enterprise', 'data-center', 'free-waf']);
      withExtras(random, body);
      const wire = random.chance(0.3) ? { data: body } : body;
      const fields = unwrappedFieldsOf(wire);
      expect(fields, `seed ${seed}`).toBeDefined();
      const status = readSystemStatus(fields!);
      expect(status, `seed ${seed}: ${JSON.stringify(wire)}`).toMatchObject(sent);
    }
  });
});

describe('support envelope and meta', () => {
  it(`reads ${CASES} varied envelopes: success in any type, failures with their status class`, () => {
    for (const seed of seeds) {
      const random = createRandom(seed, 'support-envelope');
      const succeeded = random.chance(0.5);
      const status = random.pick([400, 401, 403, 404, 409, 429]);
      const envelope: Record<string, unknown> = succeeded
        ? { code: random.pick([0, '0', 200]), success: random.pick([true, 'true', 1, undefined]), data: { value: seed } }
        : { code: random.pick([status * 100 + random.int(0, 99), String(status * 100 + random.int(0, 99)), status]), success: random.pick([false, 'false', 0]) };
      if (random.chance(0.5)) envelope['request_id'] = `req_${random.hex(8)}`;
      withExtras(random, envelope);
      const reading = readEnvelope(envelope, 200);
      const context = `seed ${seed}: ${JSON.stringify(envelope)}`;
      if (succeeded) expect(reading, context).toMatchObject({ ok: true, data: { value: seed } });
      else expect(reading, context).toMatchObject({ ok: false, status });
    }
  });

  it(`reads ${CASES} varied /meta bodies, refusing only sites without a usable id`, () => {
    for (const seed of seeds) {
      const random = createRandom(seed, 'support-meta');
      const sites = Array.from({ length: random.int(0, 5) }, (_, i) => ({ id: idAs(random, 1000 + i), open: random.chance(0.5), usable: random.chance(0.85) }));
      const scopes = ['chat', 'kb.read', 'ticket.read', 'crm.*'].filter(() => random.chance(0.6));
      const channelsAsMap = random.chance(0.5);
      const listed = sites.map((site) => {
        const item: Record<string, unknown> = site.usable ? { [random.pick(['id', 'site_id'])]: site.id } : { id: random.pick([null, '', { nested: 1 }, [] as unknown[]]) };
        if (random.chance(0.5)) item['name'] = `Site ${site.id}`;
        if (!channelsAsMap) item[random.pick(['api_channel', 'apiChannel', 'enabled'])] = flagAs(random, site.open);
        return withExtras(random, item);
      });
      const meta: Record<string, unknown> = { sites: listed };
      if (channelsAsMap) meta['channels'] = Object.fromEntries(sites.filter((site) => site.usable).map((site) => [String(site.id), flagAs(random, site.open)]));
      const scopeValue = random.chance(0.3) ? scopes.join(',') : scopes;
      if (random.chance(0.5)) meta['key'] = withExtras(random, { scopes: scopeValue, env: 'test' });
      else meta['scopes'] = scopeValue;
      if (sites[0]?.usable) meta['site'] = sites[0].id;
      withExtras(random, meta);
      const read = readMeta(meta);
      const context = `seed ${seed}: ${JSON.stringify(meta)}`;
      const usable = sites.filter((site) => site.usable);
      expect(read.sites.map((site) => site.id), context).toEqual(usable.map((site) => String(site.id)));
      expect(read.sites.map((site) => site.apiChannel), context).toEqual(usable.map((site) => site.open));
      expect(read.scopes, context).toEqual(scopes);
      if (sites[0]?.usable) expect(read.site, context).toBe(String(sites[0].id));
    }
  });
});

describe('gateway model list', () => {
  it(`reads ${CASES} varied lists, refusing only models without a usable id`, () => {
    for (const seed of seeds) {
      const random = createRandom(seed, 'gateway-models');
      const models = Array.from({ length: random.int(0, 6) }, (_, i) => ({ id: random.chance(0.5) ? `model-${i}` : 4000 + i, usable: random.chance(0.85) }));
      const items = models.map((model) =>
        withExtras(random, model.usable ? { [random.pick(['id', 'name', 'model'])]: model.id, ...(random.chance(0.5) ? { owned_by: 'lab' } : {}) } : { id: random.pick([null, '', false, {}]) }),
      );
      const body = random.pick([() => ({ object: 'list', data: items }), () => ({ items }), () => items])();
      const { records, refused } = readRecords(body, readModel);
      const context = `seed ${seed}: ${JSON.stringify(body)}`;
      expect(records.map((model) => model.id), context).toEqual(models.filter((model) => model.usable).map((model) => String(model.id)));
      expect(refused, context).toBe(models.filter((model) => !model.usable).length);
    }
  });
});
