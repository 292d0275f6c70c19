// Reports: list, read, and generate, following a new report until the appliance says it is ready.
import type { Report, ReportChanged } from '../../../../src-preload/contract/firewall-admin.ts';
import type { RemotePage } from '../../../../src-preload/contract/pages.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import type { Logger } from '../../log/logger.ts';
import { fetchListPage, readOne, withFieldErrors, type FirewallClientSource, type Paging } from '../resource-calls.ts';
import { isFinished, readReport } from './report-wire.ts';

export interface ReportRequest {
  type: string;
  name?: string;
  from?: string;
  to?: string;
}

const followIntervalMs = 500;
/** A report still generating after this long is left for the analyst to refresh. */
const followLimitMs = 10 * 60_000;

export class ReportService {
  readonly #clients: FirewallClientSource;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #changed: Emitter<ReportChanged>;
  readonly #timers = new Set<{ cancel(): void }>();
  #closed = false;
  readonly onChanged;

  constructor(clients: FirewallClientSource, clock: Clock, logger: Logger) {
    this.#clients = clients;
    this.#clock = clock;
    this.#logger = logger;
    this.#changed = new Emitter((error) => logger.error('report listener failed', { error }));
    this.onChanged = this.#changed.event;
  }

  list(profileId: string, paging: Paging): Promise<RemotePage<Report>> {
    return fetchListPage(this.#client(profileId), '/reports', readReport, paging);
  }

  async get(profileId: string, id: string): Promise<Report> {
    return readOne(await this.#client(profileId).request({ method: 'GET', path: `/reports/${encodeURIComponent(id)}` }), readReport);
  }

  /** Answers with the report as started; `onChanged` tells each later state until it is finished. */
  async generate(profileId: string, request: ReportRequest): Promise<Report> {
    let report: Report;
    try {
      report = readOne(await this.#client(profileId).request({ method: 'POST', path: '/reports', body: request }), readReport);
    } catch (error) {
      throw withFieldErrors(error, { type: 'type', name: 'name', from: 'from', to: 'to' });
    }
    if (!isFinished(report)) this.#follow(profileId, report.id, this.#clock.now());
    return report;
  }

  dispose(): void {
    this.#closed = true;
    for (const timer of this.#timers) timer.cancel();
    this.#timers.clear();
    this.#changed.dispose();
  }

  #follow(profileId: string, id: string, startedAt: number): void {
    if (this.#closed) return;
    const timer = this.#clock.setTimeout(() => {
      this.#timers.delete(timer);
      this.get(profileId, id).then(
        (report) => {
          if (this.#closed) return;
          this.#changed.fire({ profileId, report });
          if (!isFinished(report) && this.#clock.now() - startedAt < followLimitMs) this.#follow(profileId, id, startedAt);
        },
        (error: unknown) => {
          this.#logger.warn('following a report failed', { error });
          if (this.#clock.now() - startedAt < followLimitMs) this.#follow(profileId, id, startedAt);
        },
      );
    }, followIntervalMs);
    this.#timers.add(timer);
  }

  #client(profileId: string) {
    return this.#clients.clientFor(profileId, 'firewall');
  }
}
