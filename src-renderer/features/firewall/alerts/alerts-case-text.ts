// What a case made from the checked alerts is first called, and how severe: from the rows on
// screen (their one source, else how many and where), or the filter when all matching were chosen.
import type { TFunction } from 'i18next';
import type { CaseSeverity } from '../../../../src-shared/contract/cases.ts';
import type { AlertRow } from '../../../../src-shared/contract/firewall.ts';
import type { AlertsChosen } from '../bulk/BulkBlockDialog.tsx';

const SEVERITIES: readonly CaseSeverity[] = ['low', 'medium', 'high', 'critical'];

export function suggestedCase(t: TFunction, state: { pages: ReadonlyMap<number, readonly AlertRow[]> }, which: AlertsChosen, appliance: string, total: number | null): { suggestedTitle: string; severity: CaseSeverity } {
  if (!('alertIds' in which)) return { suggestedTitle: t('cases.create.suggestedMatching', { profile: appliance }), severity: 'medium' };
  const wanted = new Set(which.alertIds);
  const rows = [...state.pages.values()].flat().filter((row) => wanted.has(row.id));
  const sources = [...new Set(rows.map((row) => row.srcIp).filter((ip): ip is string => ip !== null))];
  const count = which.alertIds.length || (total ?? 0);
  const ranks = rows.map((row) => SEVERITIES.indexOf((row.severity ?? '').toLowerCase() as CaseSeverity));
  const severity = SEVERITIES[Math.max(1, ...ranks)] ?? 'medium';
  const suggestedTitle = sources.length === 1 ? t('cases.create.suggestedFromSource', { count, source: sources[0] }) : t('cases.create.suggestedAlerts', { count, profile: appliance });
  return { suggestedTitle, severity };
}
