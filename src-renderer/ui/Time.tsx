import { useTranslation } from 'react-i18next';
import { formatDateTime } from './format.ts';

/**
 * A moment in the user's local time and language. Appliances send times with their own offset;
 * the string as it was sent is kept for the hover, so the two can be compared.
 */
export function Time({ value }: { value: string }) {
  const { i18n } = useTranslation();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span>{value}</span>;
  return (
    <time dateTime={date.toISOString()} title={value}>
      {formatDateTime(date, i18n.language)}
    </time>
  );
}
