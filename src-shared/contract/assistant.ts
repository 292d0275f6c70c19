import { z } from 'zod';
import { bulkLimitRange, defaultSentFields, promptFields } from '../assistant-constants.ts';
import { call, event, taskIdSchema } from './define.ts';
import type { AlertRow } from './firewall.ts';
import type { Conversation, ConversationSummary } from './gateway.ts';

export { bulkLimitRange, defaultSentFields, promptFields };
export type PromptField = (typeof promptFields)[number];

/** The gateway connection and model the analyst's features (triage, drafted replies) use. */
export interface ModelAtWork {
  profileId: string;
  model: string;
}

export const assistantSettingsSchema = z.object({
  /** A gateway connection's id; null: none chosen. */
  profileId: z.string().min(1).max(64).nullable(),
  model: z.string().trim().min(1).max(200).nullable(),
  /** The model of the same connection that embeds texts for search by meaning; null: words only. */
  embeddingModel: z.string().trim().min(1).max(200).nullable().default(null),
  /** The triage prompt; null: the default in the language of the moment. */
  triageTemplate: z.string().trim().min(1).max(20_000).nullable(),
  sentFields: z.array(z.enum(promptFields)).max(promptFields.length),
  /** A triage of more alerts than this asks first. */
  bulkLimit: z.int().min(bulkLimitRange.min).max(bulkLimitRange.max),
});
export type AssistantSettings = z.infer<typeof assistantSettingsSchema>;
/** What a save may leave out (an older caller's settings: no embedding model). */
export type AssistantSettingsInput = z.input<typeof assistantSettingsSchema>;

/** The settings, and the model at work they name when its connection still exists (null: none to use). */
export interface AssistantSettingsState extends AssistantSettings {
  modelAtWork: ModelAtWork | null;
}

/** What the model may say of the alerts, in the verdict form OpsDesk asks for. */
export const verdictAssessments = ['true_positive', 'false_positive', 'undetermined'] as const;
export type VerdictAssessment = (typeof verdictAssessments)[number];
export const proposedActions = ['block', 'allow', 'watch', 'none'] as const;
export type ProposedAction = (typeof proposedActions)[number];
/** Why a verdict in the asked form could not be used. */
export const verdictProblems = ['verdict', 'action', 'address', 'duration'] as const;
export type VerdictProblem = (typeof verdictProblems)[number];

/** A verdict read from the model's own, finished answer: what it proposes, for the analyst to approve or dismiss. */
export interface Verdict {
  assessment: VerdictAssessment;
  /** null when the model named none OpsDesk knows. */
  severity: 'low' | 'medium' | 'high' | 'critical' | null;
  action: ProposedAction;
  /** One of the triaged alerts' source addresses (or the address asked about); null for `none`. */
  address: string | null;
  /** A block's duration in seconds, 0 = permanent; null for any other action. */
  durationSeconds: number | null;
  /** The model's words, as text. */
  reason: string;
}

/**
 * What the last answer of a triage gives: `waiting` while it streams; `incomplete` when it ended
 * without finishing (stopped, cut, failed); `none` when it has no verdict in the asked form;
 * `malformed` when it has one OpsDesk cannot use; `proposal` when it proposes.
 */
export type VerdictReading =
  | { kind: 'waiting' | 'incomplete' | 'none' }
  | { kind: 'malformed'; problem: VerdictProblem }
  | { kind: 'proposal'; messageId: string; verdict: Verdict };

/** The analyst's decision on one answer's proposal. */
export interface TriageDecision {
  kind: 'approved' | 'dismissed';
  messageId: string;
  at: string;
  /** The address an approved block blocked. */
  blockedIp: string | null;
}

/** A conversation opened by "Ask the model" about alerts: what it is linked to and what its answer proposes. */
export interface Triage {
  conversationId: string;
  firewallProfileId: string;
  alertIds: string[];
  /** The cached rows of those alerts, as the cache has them now (an alert gone from it is left out). */
  alerts: AlertRow[];
  /** The address card it was asked from, if any. */
  address: string | null;
  reading: VerdictReading;
  /** The decision on the current proposal; null while none was taken. */
  decision: TriageDecision | null;
}

const id = z.string().min(1).max(200);

export const triageRequestSchema = z
  .object({
    /** The firewall connection whose cached alerts are triaged. */
    profileId: z.string().min(1).max(64),
    alertIds: z.array(id).max(bulkLimitRange.max).default([]),
    /** Asked from an address card: the address, whose newest cached alerts are triaged when no ids are given. */
    address: z.string().trim().min(2).max(64).optional(),
    /** Add the other cached alerts from the same sources (bounded). */
    includeRelated: z.boolean().default(false),
    /**
     * The analyst agreed to send this many alerts, more than the bulk limit: the count main named
     * when it asked (the other alerts from the same sources included). A triage that would send
     * more asks again.
     */
    confirmedCount: z.int().min(1).optional(),
    /** The answer's task id: it streams as any conversation's answer. */
    taskId: taskIdSchema,
  })
  .refine((request) => request.alertIds.length > 0 || request.address !== undefined, { message: 'alert ids or an address', path: ['alertIds'] });
export type TriageRequest = z.input<typeof triageRequestSchema>;

export const assistant = {
  calls: {
    settings: call<AssistantSettingsState>()(z.undefined()),
    saveSettings: call<AssistantSettingsState>()(assistantSettingsSchema),
    /** "Ask the model": opens a conversation with the model at work about the alerts, linked to them, and starts its answer. */
    triage: call<Conversation>()(triageRequestSchema),
    /** A conversation's triage (null for a conversation that is none), with the verdict read from its last answer. */
    triageOf: call<Triage | null>()(z.object({ conversationId: id })),
    /** The triage conversations about one alert, newest first. */
    triagesOfAlert: call<ConversationSummary[]>()(z.object({ profileId: z.string().min(1).max(64), alertId: id })),
    /**
     * Notes the analyst's decision on the current proposal. An approved block was already made by
     * the firewall's own block call; this only keeps which address it blocked, for the links.
     */
    decideTriage: call<Triage>()(
      z.object({ conversationId: id, messageId: id, decision: z.enum(['approved', 'dismissed']), blockedIp: z.string().max(64).nullable().default(null) }),
    ),
  },
  events: {
    settingsChanged: event<AssistantSettingsState>(),
    /** A triage's links or decision changed. */
    triageChanged: event<{ conversationId: string }>(),
  },
};
