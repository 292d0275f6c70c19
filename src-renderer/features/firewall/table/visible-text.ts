// Bidirectional controls and other invisible format characters can make an appliance's string
// look like something else (an IP that reads backwards, a signature that hides a word). Analysts
// must see exactly what was sent, so each one is shown as its code point.
const invisibleFormatting = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

/** The text with every invisible format character written out, e.g. `⟨U+202E⟩`. */
export function visibleText(value: string): string {
  return value.replace(invisibleFormatting, (char) => `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`);
}

/** A table cell holds a glance, not a document: long values are cut here and shown whole in the detail. */
export const cellText = (value: string, limit = 300): string => visibleText(value.length > limit ? `${value.slice(0, limit)}…` : value);
