/**
 * Cuts Markdown at blank lines outside code fences, so that while an answer streams only its last
 * block is parsed again for each batch, and the blocks before it keep their rendering (also when
 * the answer ends). A blank line followed by an indented line stays inside its block: that is a
 * list item's or a quote's continuation, which would mean something else on its own.
 */
/** Whether the next non-blank line from `from` is indented (continues the block before the blank). */
function continues(lines: readonly string[], from: number): boolean {
  for (let index = from; index < lines.length; index++) {
    if (lines[index]!.trim() !== '') return /^\s/.test(lines[index]!);
  }
  return false;
}

export function markdownBlocks(text: string): string[] {
  const lines = text.split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  lines.forEach((line, index) => {
    const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (opener && (fence === null || (opener[0] === fence[0] && opener.length >= fence.length))) {
      fence = fence === null ? opener : null;
    }
    const endsBlock = fence === null && line.trim() === '' && current.length > 0 && !continues(lines, index + 1);
    if (endsBlock) {
      blocks.push(current.join('\n'));
      current = [];
    } else if (current.length > 0 || line.trim() !== '') {
      current.push(line);
    }
  });
  if (current.length > 0) blocks.push(current.join('\n'));
  return blocks;
}
