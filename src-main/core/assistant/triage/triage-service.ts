// "Ask the model" about alerts: a conversation with the model at work, linked to the alerts, whose
// answer streams as any conversation's does (the same client, rate limit, call log and usage), and
// whose verdict is read from the model's own finished answer. A model proposes; the analyst
// decides: nothing here writes to the appliance, Approve is the firewall's own block call.
import type { z } from 'zod';
import type { Triage, TriageDecision, triageRequestSchema, VerdictReading } from '../../../../src-shared/contract/assistant.ts';
import type { AlertRow } from '../../../../src-shared/contract/firewall.ts';
import type { Conversation, ConversationSummary } from '../../../../src-shared/contract/gateway.ts';
import type { Translator } from '../../../../src-shared/i18n/translator.ts';
import type { ChatService } from '../../gateway/chat/chat-service.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { DisposableStore } from '../../lifecycle/disposable.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import { UserFacingError } from '../../user-facing-error.ts';
import type { AssistantSettingsService } from '../assistant-settings.ts';
import { RELATED_ALERTS_LIMIT, triagePrompt, verdictMarker } from './triage-prompt.ts';
import type { TriageRepository } from './triage-repository.ts';
import { readVerdict } from './verdict.ts';

/** The cached alerts a triage reads; never the network. */
export interface TriageAlerts {
  cached(profileId: string, alertId: string): AlertRow | undefined;
  /** The newest cached alerts from one source address. */
  fromSource(profileId: string, address: string, limit: number): AlertRow[];
}

export interface TriageServiceOptions {
  chat: Pick<ChatService, 'createConversation' | 'updateConversation' | 'send' | 'conversation' | 'onAnswerEnded'>;
  settings: AssistantSettingsService;
  alerts: TriageAlerts;
  repository: TriageRepository;
  isFirewallProfile(profileId: string): boolean;
  translator: () => Translator;
  /** The log's redaction: every key the app has read is masked out of a prompt. */
  redact(text: string): string;
  clock: Clock;
}

const titleLength = 60;

export class TriageService {
  readonly #options: TriageServiceOptions;
  readonly #changed = new Emitter<{ conversationId: string }>();
  readonly #subscriptions = new DisposableStore();
  /** A triage's links, its verdict or its decision changed. */
  readonly onChanged = this.#changed.event;

  constructor(options: TriageServiceOptions) {
    this.#options = options;
    this.#subscriptions.add(
      options.chat.onAnswerEnded(({ conversationId }) => {
        if (options.repository.find(conversationId)) this.#changed.fire({ conversationId });
      }),
    );
  }

  /** Opens the conversation, links it to the alerts and starts the answer; returns the conversation at once. */
  start(request: z.output<typeof triageRequestSchema>, windowId?: number): Conversation {
    const { settings, repository, chat } = this.#options;
    const atWork = settings.modelAtWork();
    if (!atWork) throw new UserFacingError({ code: 'invalid_settings', params: { context: 'no_model_at_work' } });
    if (!this.#options.isFirewallProfile(request.profileId)) throw new UserFacingError({ code: 'not_found', params: { context: 'alert_gone' } });
    const limit = settings.bulkLimit();
    const alerts = this.#alertsOf(request, limit);
    if (alerts.length === 0) throw new UserFacingError({ code: 'not_found', params: { context: 'alert_gone' } });
    const address = request.address ?? null;
    const sourceAddresses = [...new Set([...alerts.flatMap((alert) => (alert.srcIp ? [alert.srcIp] : [])), ...(address ? [address] : [])])];
    const related = request.includeRelated ? this.#relatedTo(request.profileId, alerts, sourceAddresses) : null;
    // The limit counts every alert the prompt carries, the other alerts from the same sources too.
    const count = alerts.length + (related?.length ?? 0);
    if (count > limit && (request.confirmedCount ?? 0) < count) {
      throw new UserFacingError({ code: 'bad_request', params: { context: 'bulk_unconfirmed', limit, count, related: related?.length ?? 0 } });
    }

    const marker = verdictMarker();
    const translator = this.#options.translator();
    const prompt = triagePrompt({
      template: settings.triageTemplate(),
      alerts,
      related,
      address,
      sends: (field) => settings.sends(field),
      marker,
      t: translator.t.bind(translator),
      redact: this.#options.redact,
    });
    const created = chat.createConversation(atWork.profileId);
    chat.updateConversation(created.id, { model: atWork.model, title: this.#titleOf(alerts, address, translator) });
    repository.insert({ conversationId: created.id, firewallProfileId: request.profileId, alertIds: alerts.map((alert) => alert.id), address, sourceAddresses, verdictMarker: marker });
    const conversation = chat.send(created.id, prompt, request.taskId, windowId, 'task');
    this.#changed.fire({ conversationId: created.id });
    return conversation;
  }

  /** The conversation's triage with the verdict of its last answer; null when it is no triage. */
  triageOf(conversationId: string): Triage | null {
    const record = this.#options.repository.find(conversationId);
    if (!record) return null;
    const reading = this.#reading(conversationId, record.verdictMarker, record.sourceAddresses);
    const decision = reading.kind === 'proposal' && record.decision?.messageId === reading.messageId ? record.decision : null;
    const alerts = record.alertIds.flatMap((alertId) => this.#options.alerts.cached(record.firewallProfileId, alertId) ?? []);
    return { conversationId, firewallProfileId: record.firewallProfileId, alertIds: record.alertIds, alerts, address: record.address, reading, decision };
  }

  triagesOfAlert(firewallProfileId: string, alertId: string): ConversationSummary[] {
    return this.#options.repository.conversationsOf(firewallProfileId, alertId).map((conversationId) => {
      const { id, title, profileId, model, updatedAt } = this.#options.chat.conversation(conversationId);
      return { id, title, profileId, model, updatedAt };
    });
  }

  /**
   * Notes the analyst's decision on the proposal shown. The block an approval made went through
   * the firewall's block call already; a decision on a proposal that has since changed is refused.
   */
  decide(conversationId: string, messageId: string, kind: TriageDecision['kind'], blockedIp: string | null): Triage {
    const triage = this.triageOf(conversationId);
    if (!triage) throw new UserFacingError({ code: 'not_found', params: { context: 'conversation_gone' } });
    const { reading } = triage;
    const proposed = reading.kind === 'proposal' && reading.messageId === messageId ? reading.verdict : null;
    const blockMatches = kind === 'dismissed' ? blockedIp === null : proposed?.action === 'block' ? blockedIp === proposed.address : blockedIp === null;
    if (!proposed || !blockMatches) throw new UserFacingError({ code: 'bad_request', params: { context: 'proposal_changed' } });
    this.#options.repository.decide(conversationId, { kind, messageId, at: new Date(this.#options.clock.now()).toISOString(), blockedIp });
    this.#changed.fire({ conversationId });
    return this.triageOf(conversationId)!;
  }

  dispose(): void {
    this.#subscriptions.dispose();
    this.#changed.dispose();
  }

  #alertsOf(request: z.output<typeof triageRequestSchema>, limit: number): AlertRow[] {
    const { alerts } = this.#options;
    if (request.alertIds.length > 0) return request.alertIds.flatMap((alertId) => alerts.cached(request.profileId, alertId) ?? []);
    // From an address card: its newest alerts, as many as may be sent without asking.
    return request.address ? alerts.fromSource(request.profileId, request.address, limit) : [];
  }

  /** The other cached alerts from the same sources, newest first, bounded. */
  #relatedTo(profileId: string, alerts: readonly AlertRow[], sources: readonly string[]): AlertRow[] {
    const triaged = new Set(alerts.map((alert) => alert.id));
    return sources
      .flatMap((source) => this.#options.alerts.fromSource(profileId, source, RELATED_ALERTS_LIMIT + triaged.size))
      .filter((alert) => !triaged.has(alert.id))
      .sort((a, b) => (b.occurredAt ?? '').localeCompare(a.occurredAt ?? ''))
      .slice(0, RELATED_ALERTS_LIMIT);
  }

  #reading(conversationId: string, marker: string, addresses: readonly string[]): VerdictReading {
    const answer = this.#options.chat.conversation(conversationId).latestMessages.findLast((message) => message.role === 'assistant');
    if (!answer || answer.outcome === 'streaming') return { kind: 'waiting' };
    if (answer.outcome === 'empty') return { kind: 'none' };
    // A cut, stopped or failed answer keeps its text for the analyst, but proposes nothing.
    if (answer.outcome !== 'finished') return { kind: 'incomplete' };
    const read = readVerdict(answer.content, marker, addresses);
    return read.kind === 'proposal' ? { ...read, messageId: answer.id } : read;
  }

  #titleOf(alerts: readonly AlertRow[], address: string | null, translator: Translator): string {
    const first = alerts[0]!;
    const subject = first.signature ?? first.category ?? first.id;
    const title = address
      ? translator.t('assistant.triage.titleAddress', { address })
      : translator.t('assistant.triage.title', { subject: alerts.length > 1 ? `${subject} +${alerts.length - 1}` : subject });
    return title.length > titleLength ? `${title.slice(0, titleLength - 1)}…` : title;
  }
}
