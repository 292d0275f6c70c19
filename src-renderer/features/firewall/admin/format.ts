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
