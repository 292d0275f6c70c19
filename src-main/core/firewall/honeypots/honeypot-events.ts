// A honeypot's trigger events. firewall.md names no path for them: they are read at a sub-path
// only when the appliance's description lists one, and otherwise from the honeypot itself, under
// the usual names (docs/api-assumptions.md, "honeypot trigger events").
import type { HoneypotEvent } from '../../../../src-shared/contract/firewall-admin.ts';
import type { RemotePage } from '../../../../src-shared/contract/pages.ts';
import { describes } from '../../wire/openapi.ts';
import { readRecords, unwrappedFieldsOf } from '../../wire/read.ts';
import { readWindowPage, type Paging, type ResourceOptions } from '../appliance-resource.ts';
import { readListPage } from '../list-walk.ts';
import { readHoneypotEvent } from './honeypot-wire.ts';

const EVENTS_PATH = '/honeypots/{id}/events';
const EVENTS_INSIDE = ['events', 'trigger_events', 'triggerEvents', 'triggers', 'recent_events', 'event_list', 'history'];

export class HoneypotEvents {
  readonly #resources: ResourceOptions;

  constructor(resources: ResourceOptions) {
    this.#resources = resources;
  }

  async list(profileId: string, honeypotId: string, paging: Paging): Promise<RemotePage<HoneypotEvent>> {
    const client = this.#resources.clients.clientFor(profileId, 'firewall');
    const honeypotPath = `/honeypots/${encodeURIComponent(honeypotId)}`;
    const description = await client.describeServer();
    if (description && describes(description, 'GET', EVENTS_PATH)) {
      return readWindowPage(profileId, EVENTS_PATH, this.#resources.pageSizes, paging, async (page, pageSize) =>
        readListPage(await client.request({ method: 'GET', path: `${honeypotPath}/events`, query: { page, page_size: pageSize } }), readHoneypotEvent),
      );
    }
    const honeypot = unwrappedFieldsOf((await client.request({ method: 'GET', path: honeypotPath })).data);
    const { records, refused } = readRecords(honeypot?.raw(...EVENTS_INSIDE) ?? [], readHoneypotEvent);
    const start = (paging.page - 1) * paging.pageSize;
    return { items: records.slice(start, start + paging.pageSize), refused, page: paging.page, pageSize: paging.pageSize, total: records.length };
  }
}
