// The status dashboard's poller: one per profile whose dashboard was opened, reading
// `/system/status` on an interval and keeping the CPU and memory readings since then in memory.
import type { ApplianceStatus, StatusHistory, StatusSample, StatusSampled } from '../../../../src-shared/contract/firewall-admin.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import { Poller } from '../../lifecycle/poller.ts';
import type { Logger } from '../../log/logger.ts';
import { withoutUndefined } from '../../without-undefined.ts';
import type { FirewallClients } from '../firewall-clients.ts';

export const statusIntervalMs = 5_000;
/** A day of readings at the interval: the chart's memory stays bounded however long the app runs. */
const maxSamples = (24 * 3_600_000) / statusIntervalMs;

interface Watched {
  poller: Poller;
  status: ApplianceStatus | null;
  samples: StatusSample[];
  readAt: string | null;
}

export class StatusService {
  readonly #clients: FirewallClients;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #watched = new Map<string, Watched>();
  readonly #sampled: Emitter<StatusSampled>;
  readonly onSampled;

  constructor(clients: FirewallClients, clock: Clock, logger: Logger) {
    this.#clients = clients;
    this.#clock = clock;
    this.#logger = logger;
    this.#sampled = new Emitter((error) => logger.error('status listener failed', { error }));
    this.onSampled = this.#sampled.event;
  }

  /** The readings so far; the first ask starts the profile's poller, which runs until `close`. */
  history(profileId: string): StatusHistory {
    // A profile that is not a firewall (or no longer exists) is refused here, not polled.
    this.#clients.clientFor(profileId, 'firewall');
    const watched = this.#watched.get(profileId) ?? this.#watch(profileId);
    return { profileId, status: watched.status, samples: [...watched.samples], readAt: watched.readAt };
  }

  dispose(): void {
    for (const watched of this.#watched.values()) watched.poller.dispose();
    this.#watched.clear();
    this.#sampled.dispose();
  }

  #watch(profileId: string): Watched {
    const watched: Watched = {
      status: null,
      samples: [],
      readAt: null,
      poller: new Poller({
        name: 'firewall status',
        intervalMs: statusIntervalMs,
        logger: this.#logger,
        clock: this.#clock,
        run: async () => {
          const status: ApplianceStatus = await this.#clients.clientFor(profileId, 'firewall').getSystemStatus();
          const at = new Date(this.#clock.now()).toISOString();
          const sample = withoutUndefined({ at, cpuPercent: status.cpuPercent, memoryPercent: status.memoryPercent });
          watched.status = status;
          watched.readAt = at;
          watched.samples.push(sample);
          if (watched.samples.length > maxSamples) watched.samples.splice(0, watched.samples.length - maxSamples);
          this.#sampled.fire({ profileId, status, sample });
        },
      }),
    };
    this.#watched.set(profileId, watched);
    watched.poller.start();
    return watched;
  }
}
