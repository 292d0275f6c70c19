// Direction controls and other invisible format characters in text a server sends can make it read
// as something else: a work item titled `invoice\u202Efdp.exe` displays as "invoiceexe.pdf", an
// address reads backwards, a signature hides a word. Every place that shows or exports server text
// (views, tab titles, notifications, CSV) writes each one out as its code point instead, so the
// analyst sees exactly what was sent and nothing can reorder the text around it.

/**
 * Arabic letter mark, zero-width space, the zero-width non-joiner and joiner, LRM and RLM, the
 * embeddings and overrides (U+202A–202E), word joiner to the isolates (U+2060–2069) and the BOM.
 */
const invisibleFormatting = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

/** The text with every invisible format character written out, e.g. `⟨U+202E⟩`. */
export function visibleText(value: string): string {
  return value.replace(invisibleFormatting, (char) => `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`);
}
