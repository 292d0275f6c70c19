// Reports: list, read, and generate, following a new report until the appliance says it is ready.
import type { ListPage, Report, ReportChanged } from '../../../../src-preload/contract/firewall-admin.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import type { Logger } from '../../log/logger.ts';
import { ApplianceResource, type Paging, type ResourceOptions } from '../appliance-resource.ts';
import { isFinished, reportResource, type ReportRequest } from './report-wire.ts';

const followIntervalMs = 500;
/** A report still generating after this long is left for the analyst to refresh. */
const followLimitMs = 10 * 60_000;

export class ReportService {
  readonly #resource: ApplianceResource<Report, ReportRequest>;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #changed: Emitter<ReportChanged>;
  readonly #timers = new Set<{ cancel(): void }>();
  #closed = false;
  readonly onChanged;

  constructor(resources: ResourceOptions, logger: Logger) {
    this.#resource = new ApplianceResource(resources, reportResource);
    this.#clock = resources.clock;
    this.#logger = logger;
    this.#changed = new Emitter((error) => logger.error('report listener failed', { error }));
    this.onChanged = this.#changed.event;
  }

  list(profileId: string, paging: Paging): Promise<ListPage<Report>> {
    return this.#resource.list(profileId, paging);
  }

  get(profileId: string, id: string): Promise<Report> {
    return this.#resource.get(profileId, id);
  }

  /** Answers with the report as started; `onChanged` tells each later state until it is finished. */
  async generate(profileId: string, request: ReportRequest): Promise<Report> {
    const report = await this.#resource.create(profileId, request);
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
}
