// How a drafted reply cites the knowledge-base entries it was given: `[n]`, or `[n, m]`, where n is
// the entry's number (from 1) in the list the model saw. Read in main's tests and in the window,
// which shows the citations beside the draft and puts the draft in the reply box without them.

export interface Citations {
  /** Numbers of entries that exist, in the order first cited. */
  cited: number[];
  /** Numbers the text cites that no entry has (a model inventing a source). */
  unknown: number[];
}

const marker = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;
const markerAfterSpaces = new RegExp(`[^\\S\\r\\n]*${marker.source}`, 'g');

export function citationsIn(text: string, entryCount: number): Citations {
  const cited: number[] = [];
  const unknown: number[] = [];
  for (const match of text.matchAll(marker)) {
    for (const number of match[1]!.split(',').map((part) => Number(part.trim()))) {
      const list = number >= 1 && number <= entryCount ? cited : unknown;
      if (!list.includes(number)) list.push(number);
    }
  }
  return { cited, unknown };
}

/** The draft as the customer gets it: every citation marker gone with the spaces before it ("the steps [1]." → "the steps."). */
export function withoutCitations(text: string): string {
  return text.replace(markerAfterSpaces, '');
}
