// Reports: list, read, and generate, following a new report until the appliance says it is ready.
import { writeFile } from 'node:fs/promises';
import type { QueuedWrite } from '../../../../src-shared/contract/firewall.ts';
import type { Report, ReportChanged, SavedReport } from '../../../../src-shared/contract/firewall-admin.ts';
import type { RemotePage } from '../../../../src-shared/contract/pages.ts';
import type { Translator } from '../../../../src-shared/i18n/translator.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import type { Logger } from '../../log/logger.ts';
import type { Platform } from '../../platform.ts';
import { recordedExport, type ActivityRecorder } from '../../activity/activity-recorder.ts';
import { UserFacingError } from '../../user-facing-error.ts';
import { ApplianceResource, type Paging, type ResourceOptions } from '../appliance-resource.ts';
import { unwrappedFieldsOf } from '../../wire/read.ts';
import type { FirewallWriteOwner } from '../firewall-outbox.ts';
import { isFinished, readReport, reportResource, type ReportRequest } from './report-wire.ts';

const followIntervalMs = 500;
/** A report still generating after this long is left for the analyst to refresh. */
const followLimitMs = 10 * 60_000;

export class ReportService {
  readonly #resource: ApplianceResource<Report, ReportRequest>;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #platform: Platform;
  readonly #translator: Translator;
  readonly #activity: ActivityRecorder | undefined;
  readonly #changed: Emitter<ReportChanged>;
  readonly #timers = new Set<{ cancel(): void }>();
  #closed = false;
  readonly onChanged;

  constructor(resources: ResourceOptions, logger: Logger, platform: Platform, translator: Translator) {
    this.#resource = new ApplianceResource(resources, reportResource);
    this.#clock = resources.clock;
    this.#logger = logger;
    this.#platform = platform;
    this.#translator = translator;
    this.#activity = resources.activity;
    this.#changed = new Emitter((error) => logger.error('report listener failed', { error }));
    this.onChanged = this.#changed.event;
  }

  list(profileId: string, paging: Paging): Promise<RemotePage<Report>> {
    return this.#resource.list(profileId, paging);
  }

  get(profileId: string, id: string): Promise<Report> {
    return this.#resource.get(profileId, id);
  }

  /**
   * Saves a finished report where the user chooses: its content as the appliance sent it (text, or
   * JSON), else the file at its link, fetched here in main (the window never opens a socket).
   */
  save(profileId: string, id: string): Promise<SavedReport> {
    return recordedExport(this.#activity, { profileId, backEnd: 'local', action: { code: 'saveReport' }, target: { kind: 'report', id } }, () => this.#save(profileId, id));
  }

  async #save(profileId: string, id: string): Promise<SavedReport> {
    const report = await this.get(profileId, id);
    const file = await this.#file(profileId, report);
    const { t } = this.#translator;
    const path = await this.#platform.chooseSavePath({
      title: t('firewallAdmin.reports.saveTitle'),
      defaultName: `${(report.name || report.id).replace(/[^\p{L}\p{N}._-]+/gu, '-')}.${file.extension}`,
      filters: [{ name: file.extension.toUpperCase(), extensions: [file.extension] }],
    });
    if (path === null) return { path: null };
    await writeFile(path, file.bytes);
    return { path };
  }

  async #file(profileId: string, report: Report): Promise<{ bytes: Buffer; extension: string }> {
    if (report.content !== undefined) {
      return typeof report.content === 'string'
        ? { bytes: Buffer.from(report.content), extension: extensionOf(report.link) ?? 'txt' }
        : { bytes: Buffer.from(`${JSON.stringify(report.content, null, 2)}\n`), extension: 'json' };
    }
    if (report.link === undefined) throw new UserFacingError({ code: 'not_found', params: { context: 'report_not_ready' } });
    const { bytes, contentType } = await this.#resource.client(profileId).download(report.link);
    return { bytes, extension: extensionOf(report.link) ?? extensionOfType(contentType) };
  }

  /**
   * Answers with the report as started (or its request waiting in the outbox); `onChanged` tells
   * each later state until it is finished, also of a report whose request went out later.
   */
  generateReport(profileId: string, request: ReportRequest): Promise<Report | QueuedWrite> {
    return this.#resource.create(profileId, request);
  }

  /** How the outbox sends report requests; a report the appliance started is followed until it is finished. */
  get writeOwner(): FirewallWriteOwner {
    return {
      ...this.#resource.writeOwner,
      changed: (entry) => {
        if (entry.state !== 'sent') return;
        const fields = unwrappedFieldsOf(entry.response);
        const report = fields && readReport(fields);
        if (report && !isFinished(report)) this.#follow(entry.profileId, report.id, this.#clock.now());
      },
    };
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

/** `report.pdf` → `pdf`, from a link's path. */
function extensionOf(link: string | undefined): string | undefined {
  const name = link === undefined ? '' : (URL.canParse(link, 'https://appliance.invalid') ? new URL(link, 'https://appliance.invalid').pathname : link);
  return /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase();
}

const EXTENSION_BY_TYPE: Readonly<Record<string, string>> = { 'application/pdf': 'pdf', 'text/csv': 'csv', 'text/html': 'html', 'application/json': 'json', 'text/plain': 'txt' };

function extensionOfType(contentType: string | null): string {
  return EXTENSION_BY_TYPE[contentType?.split(';')[0]?.trim().toLowerCase() ?? ''] ?? 'bin';
}
