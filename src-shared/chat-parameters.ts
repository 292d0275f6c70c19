// The chat parameters' ranges from gateway.md (temperature 0 to 2, penalties -2 to 2) and the
// OpenAI defaults the doc names; the form and main's request schema both read them from here.
export interface ParameterRange {
  min: number;
  max: number;
  step: number;
  /** What the gateway uses when the parameter is not sent. */
  default?: number;
}

export const chatParameterRanges = {
  temperature: { min: 0, max: 2, step: 0.1, default: 1 },
  topP: { min: 0, max: 1, step: 0.05, default: 1 },
  maxTokens: { min: 1, max: 1_000_000, step: 1 },
  frequencyPenalty: { min: -2, max: 2, step: 0.1, default: 0 },
  presencePenalty: { min: -2, max: 2, step: 0.1, default: 0 },
} as const satisfies Record<string, ParameterRange>;

export type ChatParameterName = keyof typeof chatParameterRanges;
export const chatParameterNames = Object.keys(chatParameterRanges) as ChatParameterName[];
