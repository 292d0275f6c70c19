import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isAlertSeverity } from '../../../../src-shared/firewall-constants.ts';
import { cellText } from '../table/visible-text.ts';

/** A severity in the window's language; a level the appliance made up is worded as a level, anything else shown as it sent it. */
export function severityWords(severity: string, t: TFunction): string {
  // A numeric severity whose order the appliance does not say is shown as its level, never as a guessed name.
  const level = /^level (\d+)$/.exec(severity)?.[1];
  if (isAlertSeverity(severity)) return t(`firewall.alerts.filters.severities.${severity}`);
  return level !== undefined ? t('firewall.alerts.filters.level', { level }) : severity;
}

export function badgeOf(severity: string | null, words: (severity: string) => string) {
  if (severity === null) return <span className="muted">—</span>;
  return <span className={`severity severity-${isAlertSeverity(severity) ? severity : 'other'}`}>{cellText(words(severity), 20)}</span>;
}

export function SeverityBadge({ severity }: { severity: string | null }) {
  const { t } = useTranslation();
  return badgeOf(severity, (value) => severityWords(value, t));
}
