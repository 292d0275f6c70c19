// The prompt of a triage: the analyst's template filled with the alerts (only the fields Settings
// lets a prompt carry), the other alerts from the same sources when asked, and the verdict form.
import { randomBytes } from 'node:crypto';
import type { PromptField } from '../../../../src-shared/contract/assistant.ts';
import type { AlertRow } from '../../../../src-shared/contract/firewall.ts';
import type { Translator } from '../../../../src-shared/i18n/translator.ts';

/** At most this many other alerts from the same sources go with a triage, newest first. */
export const RELATED_ALERTS_LIMIT = 20;
/** An alert's text is cut here: a huge message is the appliance's, not the model's, problem. */
const MAX_FIELD_CHARS = 2000;

const alertPromptFields = ['severity', 'occurredAt', 'category', 'action', 'srcIp', 'srcPort', 'dstIp', 'dstPort', 'protocol', 'signature', 'message', 'deviceId'] as const satisfies readonly (keyof AlertRow)[];

export interface TriagePromptInput {
  template: string;
  alerts: readonly AlertRow[];
  /** Other alerts from the same sources; null when the analyst did not ask for them. */
  related: readonly AlertRow[] | null;
  /** The address card it was asked from. */
  address: string | null;
  sends(field: PromptField): boolean;
  /** The marker the verdict must open with (`verdictMarker()`). */
  marker: string;
  t: Translator['t'];
  /** The log's redaction: a key an appliance echoed into an alert never reaches the model. */
  redact(text: string): string;
}

/** A marker made when the triage is asked, so no text written before (an alert's) can hold it. */
export function verdictMarker(): string {
  return `opsdesk-verdict-${randomBytes(4).toString('hex')}`;
}

/**
 * The alerts as JSON: each value a JSON string, so an alert's text cannot open a line of its own
 * in the prompt (its line breaks are `\n` inside quotes) and cannot pass for part of the form.
 */
function alertsJson(alerts: readonly AlertRow[], sends: (field: PromptField) => boolean): string {
  const shown = alerts.map((alert) => {
    const fields: Record<string, string | number> = { id: alert.id };
    for (const field of alertPromptFields) {
      const value = alert[field];
      if (value === null || !sends(`alert.${field}`)) continue;
      fields[field] = typeof value === 'string' ? value.slice(0, MAX_FIELD_CHARS) : value;
    }
    return fields;
  });
  return JSON.stringify(shown, null, 2);
}

export function triagePrompt(input: TriagePromptInput): string {
  const { template, alerts, related, address, sends, marker, t } = input;
  const alertsText = alertsJson(alerts, sends);
  const relatedText =
    related === null ? '' : related.length === 0 ? t('assistant.triage.noRelated') : `${t('assistant.triage.relatedHeading')}\n${alertsJson(related, sends)}`;
  // One pass, so an alert whose text says "{related}" stays as it is.
  let body = template.replace(/\{(alerts|related)\}/g, (_, name: string) => (name === 'alerts' ? alertsText : relatedText));
  if (!template.includes('{alerts}')) body = `${body}\n\n${alertsText}`;
  if (!template.includes('{related}') && relatedText) body = `${body}\n\n${relatedText}`;
  const parts = [address ? t('assistant.triage.addressAsked', { address }) : '', body.trim(), t('assistant.triage.verdictForm', { marker })];
  return input.redact(parts.filter(Boolean).join('\n\n'));
}
