// A case's timeline as a page to print to PDF (Chromium's own printing, through the platform
// port): the case's facts, every event on one row (when, when OpsDesk learned of it, kind, what,
// its words, its item, who, the write's outcome and request id) and the notes. One static HTML
// document with no script and nothing to fetch; every text a server, a model or the analyst wrote
// is escaped and its invisible direction controls written out, so it prints as the text it is.
import type { CaseDetail, CaseNote, TimelineEvent } from '../../../src-shared/contract/cases.ts';
import type { Translator } from '../../../src-shared/i18n/translator.ts';
import { visibleText } from '../../../src-shared/visible-text.ts';
import { eventWhat } from './case-words.ts';

/** An event's words on paper: the line, or its whole text cut to what a page holds. */
const PRINTED_TEXT = 1_200;

const escaped = (text: string) => visibleText(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** `2026-11-25 10:15:03 UTC`: the same on every workstation, as the brief writes times. */
const printedTime = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
};

const STYLE = `
  @page { size: A4 landscape; margin: 12mm 10mm; }
  body { font: 9pt/1.35 system-ui, 'Noto Sans', 'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif; color: #111; margin: 0; }
  h1 { font-size: 14pt; margin: 0 0 4px; }
  .facts { color: #444; margin: 0 0 10px; }
  table { width: 100%; border-collapse: collapse; table-layout: fixed; }
  th { text-align: left; font-weight: 600; color: #555; border-bottom: 1px solid #999; padding: 3px 4px; }
  td { vertical-align: top; border-bottom: 1px solid #ddd; padding: 3px 4px; overflow-wrap: anywhere; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  .time { width: 13%; font-variant-numeric: tabular-nums; }
  .kind { width: 8%; text-transform: uppercase; font-size: 7.5pt; color: #555; }
  .what { width: 15%; font-weight: 500; }
  .words { width: 36%; white-space: pre-wrap; }
  .item, .actor { width: 10%; color: #444; }
  .outcome { width: 8%; }
  .learned { display: block; color: #777; font-size: 7.5pt; }
  .mono { font-family: ui-monospace, 'DejaVu Sans Mono', monospace; font-size: 7.5pt; }
  h2 { font-size: 11pt; margin: 14px 0 4px; }
  .note { white-space: pre-wrap; margin: 0 0 6px; }
`;

export interface PrintedCase {
  detail: CaseDetail;
  /** In the order they are printed. */
  events: readonly TimelineEvent[];
  notes: readonly CaseNote[];
  printedAt: string;
}

export function timelinePage({ detail, events, notes, printedAt }: PrintedCase, t: Translator['t']): string {
  const title = t('cases.brief.heading', { case: detail.number, title: detail.title });
  const facts = [
    t('cases.brief.status', { status: t(`cases.statuses.${detail.status}`) }),
    t('cases.brief.severity', { severity: t(`cases.severities.${detail.severity}`) }),
    t('cases.brief.owner', { owner: detail.owner ?? t('cases.noOwner') }),
    t('cases.brief.opened', { at: printedTime(detail.createdAt) }),
    ...(detail.tags.length > 0 ? [t('cases.brief.tags', { tags: detail.tags.join(', ') })] : []),
    t('cases.print.printed', { at: printedTime(printedAt), count: events.length }),
  ];
  const rows = events.map((event) => {
    const words = event.text && event.text.length <= PRINTED_TEXT ? event.text : event.text ? `${event.text.slice(0, PRINTED_TEXT - 1)}…` : event.summary;
    const outcome = event.write && event.write.backEnd !== 'local' ? `${t(`activity.outcomes.${event.write.outcome}`)}${event.write.requestId ? `<span class="mono learned">${escaped(event.write.requestId)}</span>` : ''}` : '';
    return `<tr>
      <td class="time">${escaped(printedTime(event.at))}${event.learnedAt ? `<span class="learned">${escaped(t('cases.timeline.learned', { at: printedTime(event.learnedAt) }))}</span>` : ''}</td>
      <td class="kind">${escaped(t(`cases.timeline.kind.${event.kind}`))}</td>
      <td class="what">${escaped(eventWhat(t, event))}</td>
      <td class="words">${escaped(words)}</td>
      <td class="item">${escaped(event.itemLabel ?? '')}</td>
      <td class="actor">${escaped(event.actor ?? '')}</td>
      <td class="outcome">${outcome}</td>
    </tr>`;
  });
  const head = ['time', 'kind', 'what', 'words', 'item', 'actor', 'outcome'].map((column) => `<th class="${column}">${escaped(t(`cases.print.columns.${column}`))}</th>`).join('');
  const caseNotes = notes.filter((note) => note.eventId === null);
  return `<!doctype html>
<html lang="${t('cases.print.lang')}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escaped(title)}</title><style>${STYLE}</style></head>
<body><h1>${escaped(title)}</h1><p class="facts">${facts.map(escaped).join(' · ')}</p>
<table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>
${caseNotes.length > 0 ? `<h2>${escaped(t('cases.brief.notes'))}</h2>${caseNotes.map((note) => `<p class="note">${escaped(`${printedTime(note.createdAt)} ${note.author ?? ''}: ${note.body}`)}</p>`).join('')}` : ''}
</body></html>`;
}
