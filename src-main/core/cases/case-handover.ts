// The hand-over of a case (issue 46): a Markdown brief for the next shift (what happened, what was
// done, what is open, the addresses), and the whole case as one JSON file that another
// workstation imports to the same timeline (the file carries a hash of it). What a server or a
// model wrote goes into the brief as text: Markdown's and HTML's marks escaped, invisible
// direction controls written out. Nothing a key could be in leaves unredacted.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import {
  caseItemKinds,
  caseSeverities,
  caseStatuses,
  timelineEventKinds,
  timelineWhats,
  type CaseDetail,
  type CaseExport,
  type TimelineEvent,
} from '../../../src-shared/contract/cases.ts';
import { activityBackEnds, activityOutcomes } from '../../../src-shared/activity-constants.ts';
import type { Translator } from '../../../src-shared/i18n/translator.ts';
import { visibleText } from '../../../src-shared/visible-text.ts';
import { recorded, recordedExport, type ActivityRecorder } from '../activity/activity-recorder.ts';
import { renamedActionCodes } from '../db/migrations/0038-action-codes-named-by-calls.ts';
import type { Clock } from '../lifecycle/clock.ts';
import { redactStrings } from '../log/redactor.ts';
import type { Platform } from '../platform.ts';
import { UserFacingError } from '../user-facing-error.ts';
import type { CaseService } from './case-service.ts';
import type { CaseSources } from './case-sources.ts';
import { timelineHash } from './case-timeline.ts';
import { timelinePage } from './case-timeline-print.ts';
import { eventWhat } from './case-words.ts';

/** A case file bigger than this is no case OpsDesk wrote. */
const MAX_IMPORT_BYTES = 64 * 1024 * 1024;
/** How many of each list the brief names before "and N more". */
const BRIEF_LIST = 10;

export interface CaseHandoverOptions {
  cases: CaseService;
  sources: CaseSources;
  platform: Platform;
  translator: () => Translator;
  activity: ActivityRecorder;
  redact: (text: string) => string;
  clock: Clock;
}

/** Server text as Markdown text: on one line, its marks escaped, nothing invisible. */
export function markdownText(text: string): string {
  return visibleText(text)
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/([\\`*_[\]<>|#~!])/g, '\\$1');
}

/** A time as the brief writes it, the same on every workstation: `2026-11-25 10:15 UTC`. */
function briefTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const counted = <T>(values: readonly T[]) => [...values.reduce((counts, value) => counts.set(value, (counts.get(value) ?? 0) + 1), new Map<T, number>())].sort((a, b) => b[1] - a[1]);

export class CaseHandover {
  readonly #options: CaseHandoverOptions;

  constructor(options: CaseHandoverOptions) {
    this.#options = options;
  }

  brief(caseId: string): string {
    const { cases, sources } = this.#options;
    const t = this.#options.translator().t;
    const detail = cases.get(caseId);
    const timeline = cases.wholeTimeline(caseId);
    const oldestFirst = [...timeline].reverse();
    const items = cases.allItems(caseId);
    const lines: string[] = [];
    const list = (entries: string[]) => {
      lines.push(...entries.slice(0, BRIEF_LIST).map((entry) => `- ${entry}`));
      if (entries.length > BRIEF_LIST) lines.push(`- ${t('cases.brief.more', { count: entries.length - BRIEF_LIST })}`);
    };

    lines.push(`# ${t('cases.brief.heading', { case: detail.number, title: markdownText(detail.title) })}`, '');
    lines.push(
      [
        t('cases.brief.status', { status: t(`cases.statuses.${detail.status}`) }),
        t('cases.brief.severity', { severity: t(`cases.severities.${detail.severity}`) }),
        t('cases.brief.owner', { owner: markdownText(detail.owner ?? t('cases.noOwner')) }),
        t('cases.brief.opened', { at: briefTime(detail.createdAt) }),
        t('cases.brief.updated', { at: briefTime(detail.updatedAt) }),
      ].join(' · '),
    );
    if (detail.tags.length > 0) lines.push('', t('cases.brief.tags', { tags: detail.tags.map(markdownText).join(', ') }));

    lines.push('', `## ${t('cases.brief.happened')}`, '');
    const alerts = oldestFirst.filter((made) => made.kind === 'alert');
    const happened: string[] = [];
    if (alerts.length > 0) {
      const sourcesOf = counted(items.filter((item) => item.kind === 'alert' && item.address).map((item) => item.address!));
      happened.push(t('cases.brief.alerts', { count: alerts.length, from: briefTime(alerts[0]!.at), to: briefTime(alerts.at(-1)!.at), sources: sourcesOf.length }));
      for (const [signature, count] of counted(alerts.map((made) => made.summary)).slice(0, 5)) happened.push(t('cases.brief.signature', { signature: markdownText(signature), count }));
    }
    for (const item of items.filter((found) => found.kind !== 'alert')) {
      happened.push(t('cases.brief.item', { kind: t(`cases.itemKinds.${item.kind}`), label: markdownText(item.label ?? item.itemId) }));
    }
    for (const made of oldestFirst.filter((found) => found.what === 'proposed')) {
      happened.push(t('cases.brief.proposal', { at: briefTime(made.at), action: t([`cases.proposalActions.${made.proposal?.action ?? 'none'}`, 'cases.proposalActions.none']), address: made.proposal?.address ?? '', reason: markdownText(made.summary) }));
    }
    if (happened.length === 0) happened.push(t('cases.brief.nothing'));
    list(happened);

    lines.push('', `## ${t('cases.brief.done')}`, '');
    const done = oldestFirst.flatMap((made): string[] => {
      if (made.what === 'approved' || made.what === 'dismissed') return [t(`cases.brief.decision_${made.what}`, { at: briefTime(made.at), address: made.proposal?.address ?? '' })];
      if (made.kind !== 'write' || !made.write) return [];
      const action = eventWhat(t, made);
      // A support write's words name its ticket already.
      const target = made.summary !== '' && !action.includes(made.summary) ? made.summary : '';
      return [t('cases.brief.write', { at: briefTime(made.at), action: markdownText(action), target: markdownText(target), outcome: t(`activity.outcomes.${made.write.outcome}`), requestId: made.write.requestId ?? '—' })];
    });
    list(done.length > 0 ? done : [t('cases.brief.nothing')]);

    lines.push('', `## ${t('cases.brief.open')}`, '');
    const open: string[] = [];
    if (detail.status === 'open' || detail.status === 'inProgress') open.push(t('cases.brief.caseOpen', { status: t(`cases.statuses.${detail.status}`) }));
    for (const made of timeline.filter((found) => found.write && found.write.outcome !== 'sent')) {
      open.push(t('cases.brief.writeOpen', { target: markdownText(made.summary), outcome: t(`activity.outcomes.${made.write!.outcome}`) }));
    }
    const tickets = sources.tickets(items.filter((item) => item.kind === 'ticket'));
    for (const ticket of tickets.values()) if (ticket.status !== 'closed') open.push(t('cases.brief.ticketOpen', { subject: markdownText(ticket.subject ?? ticket.id), status: markdownText(ticket.status) }));
    list(open.length > 0 ? open : [t('cases.brief.nothingOpen')]);

    lines.push('', `## ${t('cases.brief.observables')}`, '');
    // The case's own addresses (its address, block and allow items, its alerts' sources), then those
    // its tickets, follow-ups, notes, proposals and writes name; not a conversation's every mention.
    const named = counted([
      ...items.flatMap((item) => (item.address ? [item.address] : [])),
      ...timeline.filter((made) => made.kind !== 'alert' && made.kind !== 'conversation').flatMap((made) => made.addresses),
    ]);
    if (named.length === 0) lines.push(`- ${t('cases.brief.nothing')}`);
    else {
      const alertCounts = new Map(counted(alerts.flatMap((made) => made.addresses)));
      const standing = sources.standing(named.map(([address]) => address));
      lines.push(`| ${t('cases.brief.address')} | ${t('cases.brief.standing')} | ${t('cases.brief.alertCount')} |`, '| --- | --- | --- |');
      for (const [address] of named.slice(0, 50)) {
        const words = [standing.blocked.has(address) && t('cases.observables.blocked'), standing.allowed.has(address) && t('cases.observables.allowed')].filter(Boolean).join(', ') || t('cases.observables.seen');
        lines.push(`| ${markdownText(address)} | ${words} | ${alertCounts.get(address) ?? 0} |`);
      }
    }

    const notes = cases.notes(caseId).filter((note) => note.eventId === null);
    if (notes.length > 0) {
      lines.push('', `## ${t('cases.brief.notes')}`, '');
      for (const note of notes) lines.push(`- ${briefTime(note.createdAt)} ${markdownText(note.author ?? '')}: ${markdownText(note.body)}`);
    }
    return `${lines.join('\n')}\n`;
  }

  /** The case as one file where the user picks; the export is an entry of the activity log. */
  async exportFile(caseId: string): Promise<{ path: string | null; events: number; timelineHash: string }> {
    const { cases, platform, translator } = this.#options;
    const detail = cases.get(caseId);
    const path = await platform.chooseSavePath({
      title: translator().t('cases.exportDialogTitle'),
      defaultName: `case-${detail.number}-${this.#now().slice(0, 10)}.json`,
      filters: [{ name: 'JSON', extensions: ['json'] }],
    });
    const written = this.exportOf(caseId);
    if (path === null) return { path: null, events: 0, timelineHash: written.timelineHash };
    return recordedExport(this.#options.activity, { profileId: null, backEnd: 'local', action: { code: 'exportCase', params: { case: detail.number } }, target: { kind: 'case', id: caseId, label: detail.title } }, async () => {
      await writeFile(path, `${JSON.stringify(written, null, 2)}\n`, 'utf8');
      return { path, events: written.timeline.length, timelineHash: written.timelineHash };
    });
  }

  /** The timeline printed to PDF where the user picks (Chromium's own printing, through the platform); an entry of the activity log. */
  async exportPdf(caseId: string, order: 'newest' | 'oldest'): Promise<{ path: string | null; events: number }> {
    const { cases, platform, translator, redact } = this.#options;
    const detail = cases.get(caseId);
    const t = translator().t;
    const path = await platform.chooseSavePath({
      title: t('cases.print.dialogTitle'),
      defaultName: `case-${detail.number}-${this.#now().slice(0, 10)}.pdf`,
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    });
    if (path === null) return { path: null, events: 0 };
    const timeline = cases.wholeTimeline(caseId);
    const events = redactStrings(order === 'oldest' ? [...timeline].reverse() : timeline, redact);
    return recordedExport(this.#options.activity, { profileId: null, backEnd: 'local', action: { code: 'exportCasePdf', params: { case: detail.number } }, target: { kind: 'case', id: caseId, label: detail.title } }, async () => {
      const page = timelinePage({ detail: redactStrings(detail, redact), events, notes: redactStrings(cases.notes(caseId), redact), printedAt: this.#now() }, t);
      await writeFile(path, await platform.printToPdf(page));
      return { path, events: events.length };
    });
  }

  /** What an export writes: every string passed through the key redactor first. */
  exportOf(caseId: string): CaseExport {
    const { cases, redact } = this.#options;
    const { itemCount: _items, mergedInto: _merged, itemCounts: _counts, ...summary } = cases.get(caseId);
    const timeline = redactStrings(cases.wholeTimeline(caseId), redact);
    return redactStrings(
      {
        format: 'opsdesk-case' as const,
        version: 1 as const,
        exportedAt: this.#now(),
        case: summary,
        items: cases.allItems(caseId),
        notes: cases.notes(caseId),
        timeline,
        timelineHash: timelineHash(timeline),
        brief: this.brief(caseId),
      },
      redact,
    );
  }

  /** A case file the user picks, exported here or on another workstation; null when they cancel. */
  async importFile(): Promise<{ case: CaseDetail; timelineHash: string } | null> {
    const { platform, translator } = this.#options;
    const path = await platform.chooseOpenPath({ title: translator().t('cases.importDialogTitle'), filters: [{ name: 'JSON', extensions: ['json'] }] });
    if (path === null) return null;
    const fileName = path.split(/[\\/]/).at(-1) ?? path;
    // Recorded against the file, not the case it makes: the case's timeline stays the one exported.
    return recorded(this.#options.activity, { profileId: null, backEnd: 'local', action: { code: 'importCase' }, target: { kind: 'case', label: fileName } }, async () => {
      if ((await stat(path)).size > MAX_IMPORT_BYTES) throw new UserFacingError({ code: 'bad_request', params: { context: 'case_file_too_large' } });
      return this.importText(await readFile(path, 'utf8'));
    });
  }

  importText(text: string): { case: CaseDetail; timelineHash: string } {
    let parsed: z.output<typeof caseFileSchema>;
    try {
      parsed = caseFileSchema.parse(JSON.parse(text));
    } catch {
      throw new UserFacingError({ code: 'bad_request', params: { context: 'not_a_case_file' } });
    }
    const { cases } = this.#options;
    const made = cases.adopt({
      summary: parsed.case,
      items: parsed.items.map(({ target: _target, ...item }) => item),
      notes: parsed.notes,
      timeline: parsed.timeline as TimelineEvent[],
    });
    return { case: made, timelineHash: timelineHash(cases.wholeTimeline(made.id)) };
  }

  #now(): string {
    return new Date(this.#options.clock.now()).toISOString();
  }
}

// What a case file must hold; fields OpsDesk does not know are dropped.
const text = z.string().max(100_000);
const maybe = text.nullable();
const navigationTarget = z.object({ kind: z.string().max(40), params: z.record(z.string(), z.string().max(400)).optional() });
const itemRef = z.object({ kind: z.enum(caseItemKinds), profileId: z.string().max(64).nullable(), itemId: z.string().min(1).max(200) });
const eventSchema = z.object({
  id: z.string().min(1).max(400),
  kind: z.enum(timelineEventKinds),
  what: z.enum(timelineWhats),
  at: z.string().max(64),
  learnedAt: z.string().max(64).nullable(),
  item: itemRef.nullable(),
  itemLabel: maybe,
  actor: maybe,
  summary: text,
  text: maybe,
  addresses: z.array(z.string().max(64)).max(500),
  severity: maybe,
  write: z
    .object({
      backEnd: z.enum(activityBackEnds),
      // A file made before the writes took their calls' names says the old codes.
      action: z.object({ code: z.string().max(100).transform((code) => renamedActionCodes.get(code) ?? code), params: z.record(z.string(), z.union([z.string().max(1000), z.number()])).optional() }),
      outcome: z.enum(activityOutcomes),
      requestId: maybe,
      errorCode: maybe,
      profileName: maybe,
      proposedBy: maybe,
    })
    .nullable(),
  proposal: z.object({ action: z.string().max(40), address: z.string().max(64).nullable(), assessment: z.string().max(40).nullable() }).nullable(),
  notes: z.int().min(0),
  target: navigationTarget.nullable(),
});
const caseFileSchema = z.object({
  format: z.literal('opsdesk-case'),
  version: z.literal(1),
  case: z.object({
    id: z.string().min(1).max(64),
    number: z.int().min(1),
    title: z.string().trim().min(1).max(200),
    status: z.enum(caseStatuses),
    severity: z.enum(caseSeverities),
    tags: z.array(z.string().trim().min(1).max(40)).max(30),
    owner: z.string().max(200).nullable(),
    createdAt: z.string().max(64),
    updatedAt: z.string().max(64),
  }),
  items: z.array(
    itemRef.extend({
      label: maybe,
      address: z.string().max(64).nullable(),
      occurredAt: z.string().max(64).nullable(),
      facts: z.object({ severity: z.string().max(40).nullable().optional(), dstIp: z.string().max(64).nullable().optional(), message: z.string().max(100_000).nullable().optional() }).nullable().optional(),
      addedAt: z.string().max(64),
      addedBy: z.string().max(200).nullable(),
      target: z.unknown().optional(),
    }),
  ).max(100_000),
  notes: z.array(z.object({ id: z.string().min(1).max(64), eventId: z.string().max(400).nullable(), body: z.string().min(1).max(20_000), author: z.string().max(200).nullable(), createdAt: z.string().max(64), updatedAt: z.string().max(64) })).max(10_000),
  timeline: z.array(eventSchema).max(1_000_000),
});
