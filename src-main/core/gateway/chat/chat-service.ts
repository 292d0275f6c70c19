import { recordedExport, type ActivityRecorder } from '../../activity/activity-recorder.ts';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type {
  AnswerDelta,
  AnswerEnded,
  CallLogFilter,
  ChatLayout,
  ChatMessage,
  Conversation,
  ConversationSettings,
  ConversationSummary,
  GatewayCall,
  GatewayModelInfo,
  ConversationMatches,
  SavedFile,
} from '../../../../src-shared/contract/gateway.ts';
import { latestMessagesShown } from '../../../../src-shared/contract/gateway.ts';
import type { ModelAtWork } from '../../../../src-shared/contract/assistant.ts';
import type { Translator } from '../../../../src-shared/i18n/translator.ts';
import type { Platform } from '../../platform.ts';
import type { SettingsTable } from '../../db/settings.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import type { Tasks } from '../../lifecycle/tasks.ts';
import { UserFacingError } from '../../user-facing-error.ts';
import { recordedCall } from '../call-recorder.ts';
import type { GatewayClient } from '../client.ts';
import type { AnswerRequest } from './answer-stream.ts';
import { runAnswer, type AnswerPurpose } from './answer-run.ts';
import type { BranchRepository } from './branch-repository.ts';
import type { CallLogRepository } from './call-log-repository.ts';
import type { ConversationRecord, ConversationRepository } from './conversation-repository.ts';
import { redactStrings } from '../../log/redactor.ts';
import { conversationAsMarkdown } from './conversation-markdown.ts';
import type { MessageRepository } from './message-repository.ts';

export interface ChatServiceOptions {
  /** The registry (`ClientSource`): the profile's client as its settings are now. */
  clients: { clientFor(profileId: string, service: 'gateway'): GatewayClient };
  conversations: ConversationRepository;
  messages: MessageRepository;
  /** The paths set aside by a regenerated answer or an edited question. */
  branches: BranchRepository;
  /** Where the Chat view's layout is kept. */
  settings: SettingsTable;
  calls: CallLogRepository;
  /** Where requests that send the analyst's data out, and exports, are recorded. */
  activity?: ActivityRecorder | undefined;
  clock: Clock;
  /** Each answer streams as a task under the id the window gave it (which is also the answer's id). */
  tasks: Tasks;
  /** The save dialog for Export. */
  platform: Platform;
  /** Main's words for its native dialogs, in the user's language of the moment. */
  translator: () => Translator;
  /** The model at work (Settings › Model at work), which a new conversation on its connection starts with. */
  modelAtWork(): ModelAtWork | null;
  /** The log's redaction (it knows every key the app holds): questions, answers and errors are stored, sent and exported through it. */
  redact(text: string): string;
}

const titleLength = 60;
const layoutKey = 'chatLayout';

const conversationNotFound = () => new UserFacingError({ code: 'not_found', params: { context: 'conversation_gone' } });

/**
 * Conversations with the model gateway, kept in SQLite, and their answers: each answer is one
 * upstream request run as a task (the window's id for it is the answer's id), its text sent on in
 * numbered batches as it streams; cancelling the task stops it and keeps the text so far.
 */
export class ChatService {
  readonly #options: ChatServiceOptions;
  readonly #delta = new Emitter<AnswerDelta>();
  readonly #ended = new Emitter<AnswerEnded>();
  readonly #changed = new Emitter<null>();
  readonly onAnswerDelta = this.#delta.event;
  readonly onAnswerEnded = this.#ended.event;
  readonly onConversationsChanged = this.#changed.event;

  constructor(options: ChatServiceOptions) {
    this.#options = options;
    options.messages.markInterrupted();
  }

  async models(profileId: string): Promise<GatewayModelInfo[]> {
    const client = this.#client(profileId);
    const { records } = await recordedCall(this.#options, client, { profileId, endpoint: '/models', model: null }, () => client.listModels());
    return records;
  }

  callLog(filter: CallLogFilter): GatewayCall[] {
    return this.#options.calls.list(filter);
  }

  conversations(query?: string): ConversationSummary[] {
    return this.#options.conversations.list(query).map(({ id, title, profileId, model, updatedAt }) => ({ id, title, profileId, model, updatedAt }));
  }

  /** The conversation with its last messages and its totals; however long it is, this reads only those. */
  conversation(id: string): Conversation {
    const record = this.#options.conversations.find(id);
    if (!record) throw conversationNotFound();
    const { count, usage } = this.#options.messages.totalsOf(id);
    const latestMessages = this.#withVersions(id, this.#options.messages.page(id, Math.max(0, count - latestMessagesShown), latestMessagesShown));
    const { createdAt: _createdAt, ...conversation } = record;
    return { ...conversation, messageCount: count, latestMessages, usage };
  }

  messages(conversationId: string, offset: number, limit: number): ChatMessage[] {
    if (!this.#options.conversations.find(conversationId)) throw conversationNotFound();
    return this.#withVersions(conversationId, this.#options.messages.page(conversationId, offset, limit));
  }

  findInConversation(conversationId: string, text: string): ConversationMatches {
    if (!this.#options.conversations.find(conversationId)) throw conversationNotFound();
    return { text, indexes: this.#options.messages.indexesContaining(conversationId, text) };
  }

  /** A new conversation, its model already chosen: the model at work on its connection, else the last one used there. */
  createConversation(profileId: string): Conversation {
    const now = this.#now();
    const atWork = this.#options.modelAtWork();
    const record: ConversationRecord = {
      id: randomUUID(),
      profileId,
      title: '',
      model: atWork?.profileId === profileId ? atWork.model : this.#options.conversations.lastModelOn(profileId),
      systemPrompt: '',
      parameters: {},
      endpoint: 'chat',
      stream: true,
      draft: '',
      createdAt: now,
      updatedAt: now,
    };
    this.#options.conversations.insert(record);
    this.#changed.fire(null);
    return this.conversation(record.id);
  }

  updateConversation(id: string, settings: ConversationSettings): Conversation {
    this.conversation(id);
    this.#options.conversations.update(id, settings, this.#now());
    this.#changed.fire(null);
    return this.conversation(id);
  }

  deleteConversation(id: string): null {
    for (const message of this.#options.messages.listOf(id)) this.#options.tasks.cancel(message.id);
    this.#options.conversations.remove(id);
    this.#changed.fire(null);
    return null;
  }

  /** `purpose`: a triage's first question is the model at work's, with its shorter limits. */
  send(conversationId: string, text: string, taskId: string, windowId?: number, purpose: AnswerPurpose = 'chat'): Conversation {
    const conversation = this.#ready(conversationId);
    // A key pasted with an item (an alert or a ticket that echoed one) is neither stored nor sent.
    const content = this.#options.redact(text);
    const user: ChatMessage = { id: randomUUID(), role: 'user', content, reasoning: '', createdAt: this.#now() };
    this.#options.messages.append(conversationId, user);
    this.#options.conversations.saveDraft(conversationId, '');
    if (!conversation.title) this.#options.conversations.update(conversationId, { title: titleOf(content) }, this.#now());
    return this.#answer(conversationId, taskId, windowId, purpose);
  }

  regenerate(conversationId: string, taskId: string, windowId?: number): Conversation {
    const { messageCount, latestMessages } = this.#ready(conversationId);
    const last = messageCount > 0 ? latestMessages.at(-1) : undefined;
    if (!last) throw new UserFacingError({ code: 'bad_request', params: { context: 'nothing_to_answer' } });
    if (last.role === 'assistant') {
      this.#options.tasks.cancel(last.id);
      // A failure that left no text is no version worth going back to: the retry takes its place.
      if (last.outcome === 'streaming' || (last.outcome === 'failed' && !last.content)) this.#options.messages.removeFrom(last.id, true);
      else this.#options.branches.setAside(last.id);
    }
    return this.#answer(conversationId, taskId, windowId);
  }

  editAndResend(conversationId: string, messageId: string, text: string, taskId: string, windowId?: number): Conversation {
    this.#ready(conversationId);
    const messages = this.#options.messages.listOf(conversationId);
    const edited = messages.find((message) => message.id === messageId);
    if (!edited || edited.role !== 'user') throw new UserFacingError({ code: 'not_found', params: { context: 'message_gone' } });
    for (const message of messages.slice(messages.indexOf(edited) + 1)) this.#options.tasks.cancel(message.id);
    this.#options.branches.setAside(messageId);
    this.#options.messages.append(conversationId, { id: randomUUID(), role: 'user', content: this.#options.redact(text), reasoning: '', createdAt: this.#now() });
    return this.#answer(conversationId, taskId, windowId);
  }

  showVersion(conversationId: string, messageId: string, step: -1 | 1): Conversation {
    const conversation = this.conversation(conversationId);
    if (this.#options.messages.conversationOf(messageId) !== conversationId) throw new UserFacingError({ code: 'not_found', params: { context: 'message_gone' } });
    // The path set aside would take an answer still arriving with it, cut off (only the last message streams).
    if (conversation.latestMessages.some((message) => message.outcome === 'streaming')) throw new UserFacingError({ code: 'conflict', params: { context: 'answer_streaming' } });
    if (this.#options.branches.show(messageId, step)) this.#changed.fire(null);
    return this.conversation(conversationId);
  }

  saveDraft(id: string, text: string): null {
    if (!this.#options.conversations.saveDraft(id, text)) throw conversationNotFound();
    return null;
  }

  layout(): ChatLayout {
    const saved = this.#options.settings.read(layoutKey);
    return { settingsOpen: typeof saved === 'object' && saved !== null && 'settingsOpen' in saved && saved.settingsOpen === true };
  }

  setLayout(layout: ChatLayout): ChatLayout {
    this.#options.settings.write(layoutKey, layout);
    return layout;
  }

  /** Writes the conversation as Markdown where the user picks in the save dialog. */
  exportMarkdown(id: string): Promise<SavedFile> {
    const conversation = this.conversation(id);
    return recordedExport(
      this.#options.activity,
      { profileId: conversation.profileId, backEnd: 'local', action: { code: 'exportConversationMarkdown' }, target: { kind: 'conversation', id } },
      () => this.#exportMarkdown(conversation),
    );
  }

  async #exportMarkdown(conversation: Conversation): Promise<SavedFile> {
    const path = await this.#options.platform.chooseSavePath({
      title: this.#options.translator().t('fileDialogs.exportConversation'),
      defaultName: `${fileNameOf(conversation.title) || 'conversation'}.md`,
      filters: [{ name: 'Markdown', extensions: ['md'] }],
    });
    if (path === null) return { path: null };
    await writeFile(path, this.#options.redact(conversationAsMarkdown(conversation, this.#options.messages.listOf(conversation.id))), 'utf8');
    return { path };
  }

  /** The answers still streaming were stopped, and stored as stopped, when the tasks were disposed. */
  dispose(): void {
    this.#delta.dispose();
    this.#ended.dispose();
    this.#changed.dispose();
  }

  #client(profileId: string): GatewayClient {
    return this.#options.clients.clientFor(profileId, 'gateway');
  }

  /** A conversation that can be sent: it has a connection and a model. */
  #ready(conversationId: string): Conversation & { profileId: string; model: string } {
    const conversation = this.conversation(conversationId);
    const { profileId, model } = conversation;
    if (!profileId) throw new UserFacingError({ code: 'bad_request', params: { context: 'no_connection' } });
    if (!model) throw new UserFacingError({ code: 'bad_request', params: { context: 'no_model' } });
    return { ...conversation, profileId, model };
  }

  /** Starts the answer to the conversation as it stands; returns at once with the answer placeholder. */
  #answer(conversationId: string, taskId: string, windowId: number | undefined, purpose: AnswerPurpose = 'chat'): Conversation {
    const conversation = this.#ready(conversationId);
    const client = this.#client(conversation.profileId);
    const request: AnswerRequest = {
      model: conversation.model,
      systemPrompt: conversation.systemPrompt,
      messages: this.#options.messages.listOf(conversationId).map(({ role, content }) => ({ role, content })),
      parameters: conversation.parameters,
      endpoint: conversation.endpoint,
      stream: conversation.stream,
    };
    const answer: ChatMessage = {
      id: taskId,
      role: 'assistant',
      content: '',
      reasoning: '',
      outcome: 'streaming',
      model: conversation.model,
      createdAt: this.#now(),
    };
    this.#options.messages.append(conversationId, answer);
    this.#options.conversations.touch(conversationId, this.#now());
    void this.#options.tasks.run(taskId, windowId, (signal) => this.#run(client, conversation.profileId, conversationId, answer.id, request, purpose, signal));
    this.#changed.fire(null);
    return this.conversation(conversationId);
  }

  async #run(client: GatewayClient, profileId: string, conversationId: string, messageId: string, request: AnswerRequest, purpose: AnswerPurpose, signal: AbortSignal): Promise<void> {
    const result = await runAnswer(this.#options, client, profileId, request, purpose, signal, (batch) => this.#delta.fire({ conversationId, messageId, ...batch }));
    const draft = { profileId, backEnd: 'gateway' as const, action: { code: 'askModel' }, target: { kind: 'conversation' as const, id: conversationId } };
    this.#options.activity?.record(draft, result.error ? { outcome: 'failed', errorCode: result.error.code, requestId: result.error.requestId } : { outcome: 'sent' });
    if (!this.#options.messages.conversationOf(messageId)) return;
    // A key the gateway echoed back in its answer or its error is masked before it is stored.
    this.#options.messages.finish(messageId, redactStrings(result, (text) => this.#options.redact(text)));
    const message = this.#options.messages.find(messageId);
    if (message) this.#ended.fire({ conversationId, message: this.#withVersions(conversationId, [message])[0]! });
  }

  /** Messages of the path on screen with their place among the versions at theirs, where there are others. */
  #withVersions(conversationId: string, messages: ChatMessage[]): ChatMessage[] {
    const versions = this.#options.branches.versionsOf(conversationId);
    if (versions.size === 0) return messages;
    return messages.map((message) => {
      const found = versions.get(message.id);
      return found ? { ...message, versions: found } : message;
    });
  }

  #now(): string {
    return new Date(this.#options.clock.now()).toISOString();
  }
}

/** A title as a file name every OS accepts. */
function fileNameOf(title: string): string {
  return title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 80);
}

function titleOf(text: string): string {
  const line = text.trim().split('\n')[0]!.trim();
  return line.length > titleLength ? `${line.slice(0, titleLength - 1)}…` : line;
}
