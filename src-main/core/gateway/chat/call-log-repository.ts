import type { CallLogFilter, GatewayCall, TokenUsage } from '../../../../src-shared/contract/gateway.ts';
import type { Db } from '../../db/database.ts';

interface CallRow {
  id: number;
  profile_id: string | null;
  at: string;
  endpoint: string;
  model: string | null;
  status: number | null;
  outcome: string;
  latency_ms: number;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  total_tokens: number | null;
}

const toCall = (row: CallRow): GatewayCall => ({
  id: row.id,
  at: row.at,
  profileId: row.profile_id,
  endpoint: row.endpoint,
  model: row.model,
  status: row.status,
  outcome: row.outcome,
  latencyMs: row.latency_ms,
  ...(row.total_tokens !== null && {
    usage: { promptTokens: row.prompt_tokens ?? 0, completionTokens: row.completion_tokens ?? 0, totalTokens: row.total_tokens },
  }),
});

export type NewCall = Omit<GatewayCall, 'id' | 'usage'> & { usage?: TokenUsage | undefined };

/** Outcomes that are not failures; anything else names what went wrong. */
const succeeded = ['ok', 'finished', 'length', 'stopped'];
const defaultLimit = 200;

/** The `gateway_calls` table: the local call log. */
export class CallLogRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  add(call: NewCall): void {
    this.#db
      .prepare(
        `INSERT INTO gateway_calls (profile_id, at, endpoint, model, status, outcome, latency_ms, prompt_tokens, completion_tokens, total_tokens)
         VALUES (@profileId, @at, @endpoint, @model, @status, @outcome, @latencyMs, @promptTokens, @completionTokens, @totalTokens)`,
      )
      .run({
        ...call,
        promptTokens: call.usage?.promptTokens ?? null,
        completionTokens: call.usage?.completionTokens ?? null,
        totalTokens: call.usage?.totalTokens ?? null,
      });
  }

  list(filter: CallLogFilter): GatewayCall[] {
    const conditions: string[] = [];
    if (filter.model?.trim()) conditions.push("model LIKE '%' || @model || '%'");
    if (filter.failedOnly) conditions.push(`outcome NOT IN (${succeeded.map((outcome) => `'${outcome}'`).join(', ')})`);
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const rows = this.#db
      .prepare(`SELECT * FROM gateway_calls ${where} ORDER BY at DESC, id DESC LIMIT @limit`)
      .all({ model: filter.model?.trim() ?? '', limit: filter.limit ?? defaultLimit }) as CallRow[];
    return rows.map(toCall);
  }
}
