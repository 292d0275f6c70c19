// The analytics overview (support.md part 4: "aggregate counts", shape not shown) read as sections
// of counts: each group's total, its count per status, and its other numbers, whatever the groups are.
import type { AnalyticsOverview, AnalyticsSection } from '../../../../src-shared/contract/support.ts';
import { fieldsOf, readNumber, unwrappedFieldsOf } from '../../wire/read.ts';
import type { SupportClients } from '../support-clients.ts';

const STATUS_MAPS = ['by_status', 'byStatus', 'statuses', 'status'];
const TOTALS = ['total', 'count', 'all'];

function readSection(name: string, value: unknown): AnalyticsSection | undefined {
  const number = readNumber(value);
  if (number !== undefined && typeof value !== 'object') return { name, total: number, byStatus: [], figures: [] };
  const fields = fieldsOf(value);
  if (!fields) return undefined;
  const statuses = fields.fields(...STATUS_MAPS);
  const byStatus = Object.entries(statuses?.record ?? {})
    .map(([status, count]) => ({ status, count: readNumber(count) }))
    .filter((entry): entry is { status: string; count: number } => entry.count !== undefined);
  const figures = Object.entries(fields.record)
    .filter(([key]) => !STATUS_MAPS.includes(key) && !TOTALS.includes(key))
    .map(([key, figure]) => ({ name: key, value: typeof figure === 'object' ? undefined : readNumber(figure) }))
    .filter((entry): entry is { name: string; value: number } => entry.value !== undefined);
  const total = fields.number(...TOTALS) ?? null;
  if (total === null && byStatus.length === 0 && figures.length === 0) return undefined;
  return { name, total, byStatus, figures };
}

export class AnalyticsService {
  readonly #clients: SupportClients;

  constructor(clients: SupportClients) {
    this.#clients = clients;
  }

  async overview(profileId: string): Promise<AnalyticsOverview> {
    const result = await this.#clients.clientFor(profileId, 'support').call({ method: 'GET', path: '/analytics/overview' });
    const fields = unwrappedFieldsOf(result.data);
    const sections = Object.entries(fields?.record ?? {})
      .filter(([name]) => !['site', 'site_id', 'generated_at', 'generatedAt'].includes(name))
      .map(([name, value]) => readSection(name, value))
      .filter((section): section is AnalyticsSection => section !== undefined);
    return { generatedAt: fields?.time('generated_at', 'generatedAt', 'as_of') ?? null, sections };
  }
}
