import { z } from 'zod';
import { chatParameterRanges, type ParameterRange } from '../chat-parameters.ts';
import { imageCountLimits, imageSizeProblem } from '../gateway-media.ts';
import { call, event, taskIdSchema, type IpcError } from './define.ts';

/** What a model is for; `other`: none of the app's uses (speech, moderation, reranking). */
export const modelKinds = ['chat', 'embedding', 'image', 'transcription', 'other'] as const;
export type ModelKind = (typeof modelKinds)[number];

export interface GatewayModelInfo {
  id: string;
  ownedBy?: string;
  kinds: ModelKind[];
  /** `gateway`: its list said so; `name`: it said nothing, so the kind is guessed from the name. */
  kindsFrom: 'gateway' | 'name';
}

/** Which gateway endpoint a conversation talks to. */
export const chatEndpoints = ['chat', 'responses'] as const;
export type ChatEndpoint = (typeof chatEndpoints)[number];

const inRange = (range: ParameterRange) => z.number().min(range.min).max(range.max);

/** Unset means "the gateway's default"; main checks the doc's ranges again whatever the form did. */
export const chatParametersSchema = z.object({
  temperature: inRange(chatParameterRanges.temperature).optional(),
  topP: inRange(chatParameterRanges.topP).optional(),
  maxTokens: inRange(chatParameterRanges.maxTokens).int().optional(),
  frequencyPenalty: inRange(chatParameterRanges.frequencyPenalty).optional(),
  presencePenalty: inRange(chatParameterRanges.presencePenalty).optional(),
});
export type ChatParameters = z.infer<typeof chatParametersSchema>;

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/**
 * How an answer ended. `finished`: the model said it was done; `length`: max_tokens cut it;
 * `stopped`: the user stopped it; `failed`: an error (kept in `error`) ended it, the partial text
 * stays; `no_finish_reason`: the stream ended without the model saying it was done; `empty`: it
 * finished with no text; `interrupted`: OpsDesk closed while it streamed; `streaming`: still coming.
 */
export const answerOutcomes = ['streaming', 'finished', 'length', 'stopped', 'failed', 'no_finish_reason', 'empty', 'interrupted'] as const;
export type AnswerOutcome = (typeof answerOutcomes)[number];

/** Where a message stands among the versions at its place: the 2 of ‹ 2/3 ›. */
export interface MessageVersions {
  /** From 1, oldest first. */
  index: number;
  count: number;
}

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** The model's reasoning (`reasoning_content`), when it sent any. */
  reasoning: string;
  /** Assistant messages only. */
  outcome?: AnswerOutcome;
  error?: IpcError;
  usage?: TokenUsage;
  model?: string;
  createdAt: string;
  /** Set when a regenerated answer or an edited question left other versions at this place. */
  versions?: MessageVersions;
}

export interface ConversationSummary {
  id: string;
  title: string;
  profileId: string | null;
  model: string | null;
  updatedAt: string;
}

export interface Conversation extends ConversationSummary {
  systemPrompt: string;
  parameters: ChatParameters;
  endpoint: ChatEndpoint;
  stream: boolean;
  /** What the user typed and has not sent yet. */
  draft: string;
  /** How many messages it has. */
  messageCount: number;
  /**
   * Its last messages (at most `latestMessagesShown`), in order: what a window shows first. The
   * earlier ones come from `messages` as the window scrolls back to them.
   */
  latestMessages: ChatMessage[];
  /** The sum over its answers. */
  usage: TokenUsage;
}

/** How many of a conversation's last messages come with it. */
export const latestMessagesShown = 40;

/** The messages of a conversation that contain a text, by index (0 is the first message). */
export interface ConversationMatches {
  text: string;
  indexes: number[];
}

/** A batch of an answer's new text, about every 16 ms; `seq` counts the batches of one answer from 0. */
export interface AnswerDelta {
  conversationId: string;
  /** The answer's id: the task id the window gave when it asked. */
  messageId: string;
  seq: number;
  content: string;
  reasoning: string;
}

/** The answer as stored once it ended, however it ended. */
export interface AnswerEnded {
  conversationId: string;
  message: ChatMessage;
}

/** One call to the gateway as the local call log keeps it. */
export interface GatewayCall {
  id: number;
  at: string;
  profileId: string | null;
  endpoint: string;
  model: string | null;
  /** The HTTP status, when the gateway answered. */
  status: number | null;
  /** `ok`, an answer's outcome, or the error code. */
  outcome: string;
  latencyMs: number;
  usage?: TokenUsage;
}

export const callLogFilterSchema = z.object({
  /** Part of the model's name. */
  model: z.string().max(200).optional(),
  failedOnly: z.boolean().optional(),
  limit: z.number().int().min(1).max(1000).optional(),
});
export type CallLogFilter = z.infer<typeof callLogFilterSchema>;

/** What embedding texts gave: the vectors' size and, for two texts, how alike they are. */
export interface EmbeddingResult {
  model: string;
  dimensions: number;
  count: number;
  /** Cosine similarity of the first two texts' vectors, -1..1. */
  similarity: number | null;
  promptTokens: number | null;
}

/** A generated image, kept in main (for Save) under `id`; shown from `dataUrl`, which the CSP allows. */
export interface GeneratedImage {
  id: string;
  /** `data:image/…;base64,…`, made by main from the gateway's base64 or from the URL main fetched. */
  dataUrl: string;
  mimeType: string;
  width: number | null;
  height: number | null;
  /** Where main fetched it from, when the gateway answered with a URL. */
  sourceUrl: string | null;
  revisedPrompt: string | null;
}

/** A file the user picked in main's open dialog; the window knows it by `fileId` only, never by path. */
export interface ChosenAudioFile {
  fileId: string;
  name: string;
  sizeBytes: number;
}

/** How much of an upload has been handed to the network. */
export interface UploadProgress {
  taskId: string;
  sentBytes: number;
  totalBytes: number;
}

export interface Transcription {
  text: string;
  model: string;
  fileName: string;
}

/** Where a save dialog put a file; null: the user cancelled it. */
export interface SavedFile {
  path: string | null;
}

const id = z.string().min(1).max(64);

/** How the Chat view is laid out, kept across restarts. */
export const chatLayoutSchema = z.object({
  /** The conversation's settings (system prompt, endpoint, streaming, parameters) unfolded under its header. */
  settingsOpen: z.boolean(),
});
export type ChatLayout = z.infer<typeof chatLayoutSchema>;

export const imageSizeSchema = z.string().superRefine((size, context) => {
  const problem = imageSizeProblem(size);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

export const conversationSettingsSchema = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  profileId: id.optional(),
  model: z.string().min(1).max(200).nullable().optional(),
  systemPrompt: z.string().max(100_000).optional(),
  parameters: chatParametersSchema.optional(),
  endpoint: z.enum(chatEndpoints).optional(),
  stream: z.boolean().optional(),
});
export type ConversationSettings = z.infer<typeof conversationSettingsSchema>;

const messageText = z.string().trim().min(1).max(200_000);

export const gateway = {
  calls: {
    /** The models the profile's key may use (`GET /models`). */
    models: call<GatewayModelInfo[]>()(z.object({ profileId: id })),
    /** Newest first; with `query`, those whose title or messages contain it. */
    conversations: call<ConversationSummary[]>()(z.object({ query: z.string().max(200).optional() })),
    conversation: call<Conversation>()(z.object({ id })),
    /** `limit` messages of a conversation in order, from the `offset`-th (0 is the first). */
    messages: call<ChatMessage[]>()(z.object({ conversationId: id, offset: z.number().int().min(0), limit: z.number().int().min(1).max(200) })),
    /** Which of a conversation's messages contain `text` (Find in the conversation), read and unread alike. */
    findInConversation: call<ConversationMatches>()(z.object({ conversationId: id, text: z.string().min(1).max(200) })),
    createConversation: call<Conversation>()(z.object({ profileId: id })),
    updateConversation: call<Conversation>()(conversationSettingsSchema.extend({ id })),
    deleteConversation: call<null>()(z.object({ id })),
    /**
     * Adds the user's message and starts the answer, whose id is `taskId`: its text arrives as
     * `answerDelta` events to this window, and `app.cancel` stops it (the text so far stays).
     */
    send: call<Conversation>()(z.object({ conversationId: id, text: messageText, taskId: taskIdSchema })),
    /** Asks for another version of the last answer, keeping the one on screen as an earlier version (the Retry of a failed one too). */
    regenerate: call<Conversation>()(z.object({ conversationId: id, taskId: taskIdSchema })),
    /** Asks again with a user message's text changed; the question as it was, with what followed it, stays an earlier version. */
    editAndResend: call<Conversation>()(z.object({ conversationId: id, messageId: id, text: messageText, taskId: taskIdSchema })),
    /** Shows the version before (-1) or after (1) the one on screen at `messageId`'s place, with what followed it. */
    showVersion: call<Conversation>()(z.object({ conversationId: id, messageId: id, step: z.union([z.literal(-1), z.literal(1)]) })),
    chatLayout: call<ChatLayout>()(z.undefined()),
    setChatLayout: call<ChatLayout>()(chatLayoutSchema),
    /** Keeps the text typed in the composer; sending clears it. */
    saveDraft: call<null>()(z.object({ id, text: z.string().max(200_000) })),
    /** Embeds one or two texts with an embedding model. */
    embed: call<EmbeddingResult>()(
      z.object({ profileId: id, model: z.string().min(1).max(200), texts: z.array(z.string().trim().min(1).max(100_000)).min(1).max(2) }),
    ),
    /** The local call log, newest first. */
    callLog: call<GatewayCall[]>()(callLogFilterSchema),
    /** Saves the conversation as a Markdown document where the user picks in main's save dialog. */
    exportMarkdown: call<SavedFile>()(z.object({ id })),
    /** `POST /images/generations`; an image the gateway gives as a URL is fetched by main. */
    generateImages: call<GeneratedImage[]>()(
      z.object({
        profileId: id,
        model: z.string().min(1).max(200),
        prompt: z.string().trim().min(1).max(32_000),
        size: imageSizeSchema,
        n: z.number().int().min(imageCountLimits.min).max(imageCountLimits.max),
      }),
    ),
    /** Saves a generated image where the user picks in main's save dialog. */
    saveImage: call<SavedFile>()(z.object({ imageId: id })),
    /** Main's open dialog for an audio file; null when the user cancels. Checks its type and size. */
    chooseAudioFile: call<ChosenAudioFile | null>()(z.undefined()),
    /** Uploads the chosen file as multipart (`POST /audio/transcriptions`); progress comes as `uploadProgress`. */
    transcribe: call<Transcription>()(z.object({ profileId: id, model: z.string().min(1).max(200), fileId: id, taskId: taskIdSchema })),
  },
  events: {
    uploadProgress: event<UploadProgress>(),
    answerDelta: event<AnswerDelta>(),
    answerEnded: event<AnswerEnded>(),
    conversationsChanged: event<null>(),
  },
};
