/** A moment the appliance gave (ISO 8601) in the user's local time; what cannot be read is shown as sent. */
export function localTime(iso: string | undefined): string {
  if (iso === undefined) return '';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toLocaleString();
}

/** Comma-separated words as a list, empty words dropped. */
export function splitList(text: string): string[] {
  return text.split(',').map((word) => word.trim()).filter((word) => word !== '');
}

export function joinList(words: readonly string[]): string {
  return words.join(', ');
}

/** A number field: empty is absent, anything else as typed (the appliance judges it). */
export function optionalNumber(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}
