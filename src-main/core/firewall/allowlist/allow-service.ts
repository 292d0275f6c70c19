// The allow list, read from the appliance when the view asks (it is short and rarely changes).
import type { AllowEntry, FirewallList } from '../../../../src-preload/contract/firewall.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { ServiceFailure } from '../../http/service-failure.ts';
import { describeMalformedResponse } from '../../http/status-errors.ts';
import { unwrappedFieldsOf } from '../../wire/read.ts';
import { firewallDialect } from '../error-dialect.ts';
import type { FirewallClients } from '../firewall-clients.ts';
import { readAllPages } from '../list-pages.ts';
import { readAllowEntry } from './allow-wire.ts';

export class AllowService {
  readonly #clients: FirewallClients;
  readonly #clock: Clock;

  constructor(clients: FirewallClients, clock: Clock) {
    this.#clients = clients;
    this.#clock = clock;
  }

  async list(profileId: string): Promise<FirewallList<AllowEntry>> {
    const items = await readAllPages(this.#clients.clientFor(profileId, 'firewall'), '/allowlist', readAllowEntry);
    return { items, syncedAt: new Date(this.#clock.now()).toISOString() };
  }

  async add(profileId: string, ip: string, description: string): Promise<AllowEntry> {
    const response = await this.#clients.clientFor(profileId, 'firewall').request({ method: 'POST', path: '/allowlist', body: { ip, description } });
    const fields = unwrappedFieldsOf(response.data);
    const entry = fields && readAllowEntry(fields);
    if (!entry) throw new ServiceFailure(describeMalformedResponse(firewallDialect, response.status, 'unexpected_shape', response.requestId));
    return entry;
  }

  async remove(profileId: string, entryId: string): Promise<null> {
    await this.#clients.clientFor(profileId, 'firewall').request({ method: 'DELETE', path: `/allowlist/${encodeURIComponent(entryId)}` });
    return null;
  }
}
