// A search hit's snippet is an excerpt the server cut out of a longer text, often in the middle of
// a word (support.md names the field and nothing more about it).

/** Ends a sentence, or already says it was cut. */
const sentenceEnd = /[.!?。！？…"”'’)）\]]$/u;
const trailingJoiners = /[\s,;:，、；：—–-]+$/u;
/** Long enough for two or three lines of a hit; a longer excerpt is cut here. */
export const EXCERPT_CHARS = 280;

/**
 * The snippet as the analyst reads it: one that stops mid-sentence ends after its last whole word
 * with an ellipsis (words as the language's word breaks find them, so Chinese too), never inside a
 * word; one that ends a sentence is shown whole.
 */
export function excerptText(snippet: string, language: string, max = EXCERPT_CHARS): string {
  const text = snippet.replace(/\s+/gu, ' ').trim();
  if (text.length <= max && sentenceEnd.test(text)) return text;
  const cut = text.length > max ? text.slice(0, max) : text;
  const words = [...new Intl.Segmenter(language, { granularity: 'word' }).segment(cut)];
  const last = words.at(-1);
  // The last word may be the part of one the cut left: it goes, unless it is all there is.
  const end = last?.isWordLike && words.some((segment) => segment !== last && segment.isWordLike) ? last.index : cut.length;
  return `${cut.slice(0, end).replace(trailingJoiners, '')}…`;
}
