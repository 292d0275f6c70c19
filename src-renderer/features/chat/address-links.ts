// Addresses in a model's answer become links to their address card: a rehype step wraps each one
// found in a text node in a span that names it, and Markdown.tsx renders that span as the link.
// Code blocks and links the model wrote are left as they are.
import type { ElementContent, Root, RootContent } from 'hast';
import { findAddresses } from '../../../src-shared/address-mentions.ts';

/** The property the wrapping span carries (`data-address` in the DOM React renders). */
export const ADDRESS_PROPERTY = 'dataAddress';
const LEFT_ALONE = new Set(['pre', 'a']);

function linked(node: ElementContent): ElementContent[] {
  if (node.type === 'element') {
    if (!LEFT_ALONE.has(node.tagName)) node.children = node.children.flatMap(linked);
    return [node];
  }
  if (node.type !== 'text') return [node];
  const mentions = findAddresses(node.value);
  if (mentions.length === 0) return [node];
  const pieces: ElementContent[] = [];
  let from = 0;
  for (const mention of mentions) {
    if (mention.start > from) pieces.push({ type: 'text', value: node.value.slice(from, mention.start) });
    pieces.push({ type: 'element', tagName: 'span', properties: { [ADDRESS_PROPERTY]: mention.address }, children: [{ type: 'text', value: node.value.slice(mention.start, mention.end) }] });
    from = mention.end;
  }
  if (from < node.value.length) pieces.push({ type: 'text', value: node.value.slice(from) });
  return pieces;
}

const isContent = (node: RootContent): node is ElementContent => node.type !== 'doctype';

export function rehypeAddressLinks() {
  return (tree: Root) => {
    tree.children = tree.children.flatMap((node): RootContent[] => (isContent(node) ? linked(node) : [node]));
  };
}
