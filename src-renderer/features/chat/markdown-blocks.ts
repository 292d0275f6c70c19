/**
 * Cuts Markdown at blank lines outside code fences, so that while an answer streams only its last
 * block is parsed again for each batch, and the blocks before it keep their rendering (also when
 * the answer ends). A blank line followed by an indented line stays inside its block: that is a
 * list item's or a quote's continuation, which would mean something else on its own.
 *
 * A stream only appends, so a split is carried forward: everything before the last block is final
 * and only the text from the last block's start is scanned again (`continueSplit`), which keeps the
 * cost of a batch independent of the answer's length.
 */
export interface MarkdownSplit {
  /** The text this split is of. */
  text: string;
  /** Finished blocks, then the last (still growing) one, as Markdown. */
  blocks: string[];
  /** Where the last block begins in `text`; a longer text with the same start is split from here. */
  tailStart: number;
  /** Blocks before this index cannot change while the text only grows. */
  finishedCount: number;
  /** A code fence still open at the end (an answer mid-way through a code block): shown as plain text until it closes. */
  openFence: { language: string; code: string } | null;
}

const fenceOpener = /^\s{0,3}(`{3,}|~{3,})\s*([^\s`]*)/;

interface Line {
  text: string;
  start: number;
}

function linesOf(text: string, from: number): Line[] {
  const lines: Line[] = [];
  let start = from;
  for (;;) {
    const end = text.indexOf('\n', start);
    if (end < 0) {
      lines.push({ text: text.slice(start), start });
      return lines;
    }
    lines.push({ text: text.slice(start, end), start });
    start = end + 1;
  }
}

/** Whether the next non-blank line from `from` is indented (continues the block before the blank). */
function continues(lines: readonly Line[], from: number): boolean {
  for (let index = from; index < lines.length; index++) {
    if (lines[index]!.text.trim() !== '') return /^\s/.test(lines[index]!.text);
  }
  return false;
}

/** Splits `text` from `from`, which must be where a block begins, outside any fence. */
function split(text: string, from: number, before: readonly string[]): MarkdownSplit {
  const lines = linesOf(text, from);
  const blocks: { lines: string[]; start: number }[] = [];
  let current: { lines: string[]; start: number } | null = null;
  let fence: { marker: string; line: number; language: string } | null = null;
  lines.forEach((line, index) => {
    const opener = fenceOpener.exec(line.text);
    const marker = opener?.[1];
    if (marker && fence === null) fence = { marker, line: index, language: opener[2] ?? '' };
    else if (marker && fence !== null && marker[0] === fence.marker[0] && marker.length >= fence.marker.length && line.text.trim() === marker) fence = null;
    const blank = line.text.trim() === '';
    if (fence === null && blank && current !== null && !continues(lines, index + 1)) {
      blocks.push(current);
      current = null;
    } else if (current !== null || !blank) {
      current ??= { lines: [], start: line.start };
      current.lines.push(line.text);
    }
  });
  let openFence: MarkdownSplit['openFence'] = null;
  const open = fence as { line: number; language: string } | null;
  if (open !== null && current !== null) {
    const tail: { lines: string[]; start: number } = current;
    // The lines of the current block before the opener render as Markdown; the open code, as text.
    const openerLine = lines[open.line]!;
    const beforeFence = tail.lines.slice(0, tail.lines.length - (lines.length - open.line));
    openFence = { language: open.language, code: lines.slice(open.line + 1).map((line) => line.text).join('\n') };
    current = beforeFence.length > 0 ? { lines: beforeFence, start: tail.start } : null;
    if (current === null) blocks.push({ lines: [], start: openerLine.start });
  }
  if (current !== null) blocks.push(current);
  const texts = blocks.filter((block) => block.lines.length > 0).map((block) => block.lines.join('\n'));
  const last = blocks.at(-1);
  const all = [...before, ...texts];
  return {
    text,
    blocks: all,
    tailStart: last ? last.start : from,
    finishedCount: last ? all.length - (last.lines.length > 0 ? 1 : 0) : all.length,
    openFence,
  };
}

export function splitMarkdown(text: string): MarkdownSplit {
  return split(text, 0, []);
}

/** The split of `text`, reusing `previous` when `text` only added to its text. */
export function continueSplit(previous: MarkdownSplit | undefined, text: string): MarkdownSplit {
  if (!previous || !text.startsWith(previous.text)) return splitMarkdown(text);
  if (text.length === previous.text.length) return previous;
  return split(text, previous.tailStart, previous.blocks.slice(0, previous.finishedCount));
}

// A piece of a long paragraph: long enough that there are few of them, short enough that parsing
// the one still growing stays far under a frame.
const PIECE_CHARS = 320;
// A paragraph, not a heading, list, quote, table, fence, indented code or HTML: those keep their block whole.
const plainParagraphStart = /^[\p{L}"'(]/u;
const delimiters = /[`*_~[\]()<>]/g;

/**
 * A long one-line paragraph cut into pieces at sentence ends where every inline construct is
 * closed (even counts of backticks, stars, underscores and tildes; brackets and parentheses
 * matched), so each piece parses alone as it would inside the whole. The cuts depend only on the
 * text before them, so while the paragraph grows only its last piece changes. Each piece keeps
 * the space after its sentence.
 */
export function paragraphPieces(block: string): string[] {
  if (block.length <= PIECE_CHARS || block.includes('\n') || !plainParagraphStart.test(block)) return [block];
  const pieces: string[] = [];
  const counts = new Map<string, number>();
  let pieceStart = 0;
  let scanned = 0;
  const sentenceEnd = /[.!?。！？] +(?=[\p{Lu}\p{Lo}"'(])/gu;
  for (let match = sentenceEnd.exec(block); match; match = sentenceEnd.exec(block)) {
    const cut = match.index + match[0].length;
    for (const delimiter of block.slice(scanned, cut).match(delimiters) ?? []) counts.set(delimiter, (counts.get(delimiter) ?? 0) + 1);
    scanned = cut;
    const balanced =
      ['`', '*', '_', '~'].every((mark) => (counts.get(mark) ?? 0) % 2 === 0) &&
      (counts.get('[') ?? 0) === (counts.get(']') ?? 0) &&
      (counts.get('(') ?? 0) === (counts.get(')') ?? 0) &&
      (counts.get('<') ?? 0) === (counts.get('>') ?? 0);
    if (balanced && cut - pieceStart >= PIECE_CHARS) {
      pieces.push(block.slice(pieceStart, cut));
      pieceStart = cut;
    }
  }
  pieces.push(block.slice(pieceStart));
  return pieces;
}
