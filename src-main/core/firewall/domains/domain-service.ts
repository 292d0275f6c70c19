// Domain block and allow rules, read from the appliance when the view asks.
import type { DomainRule, FirewallList } from '../../../../src-preload/contract/firewall.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { ServiceFailure } from '../../http/service-failure.ts';
import { describeMalformedResponse } from '../../http/status-errors.ts';
import { unwrappedFieldsOf } from '../../wire/read.ts';
import { firewallDialect } from '../error-dialect.ts';
import type { FirewallClients } from '../firewall-clients.ts';
import { readAllPages } from '../list-pages.ts';
import { readDomainRule } from './domain-wire.ts';

export class DomainService {
  readonly #clients: FirewallClients;
  readonly #clock: Clock;

  constructor(clients: FirewallClients, clock: Clock) {
    this.#clients = clients;
    this.#clock = clock;
  }

  async list(profileId: string): Promise<FirewallList<DomainRule>> {
    const items = await readAllPages(this.#clients.clientFor(profileId, 'firewall'), '/domains/rules', readDomainRule);
    return { items, syncedAt: new Date(this.#clock.now()).toISOString() };
  }

  async add(profileId: string, rule: { domain: string; action: 'block' | 'allow'; description: string }): Promise<DomainRule> {
    const response = await this.#clients.clientFor(profileId, 'firewall').request({ method: 'POST', path: '/domains/rules', body: rule });
    const fields = unwrappedFieldsOf(response.data);
    const created = fields && readDomainRule(fields);
    if (!created) throw new ServiceFailure(describeMalformedResponse(firewallDialect, response.status, 'unexpected_shape', response.requestId));
    return created;
  }

  async remove(profileId: string, ruleId: string): Promise<null> {
    await this.#clients.clientFor(profileId, 'firewall').request({ method: 'DELETE', path: `/domains/rules/${encodeURIComponent(ruleId)}` });
    return null;
  }
}
