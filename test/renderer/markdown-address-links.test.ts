// A model's answer links the addresses it names to their cards, as the chat renders it: in prose,
// lists, tables and inline code; never inside a code block or a link the model wrote; markup in
// the answer stays text.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../src-renderer/features/chat/Markdown.tsx';
import '../../src-renderer/language/translator.ts';

const render = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));
/** The text of each address link, in order. */
const links = (html: string) => [...html.matchAll(/<button type="button" class="link-button address-link"[^>]*>(.*?)<\/button>/g)].map((match) => match[1]);

describe('addresses in a chat answer', () => {
  it('links them in prose, lists, tables and inline code', () => {
    const html = render(
      ['The scan came from **203.0.113.7**, then `198.51.100.9:443`.', '', '- 2001:db8::1 and 10.0.0.0/8', '', '| host |', '|---|', '| 192.0.2.1 |'].join('\n'),
    );
    expect(links(html)).toEqual(['203.0.113.7', '198.51.100.9', '2001:db8::1', '10.0.0.0/8', '192.0.2.1']);
  });

  it('leaves code blocks, the model\'s links and versions alone', () => {
    const html = render(['```bash', 'iptables -A INPUT -s 203.0.113.7 -j DROP', '```', '', 'See [203.0.113.8](https://203.0.113.8/) and version 1.2.3.'].join('\n'));
    expect(links(html)).toEqual([]);
    expect(html).toContain('203.0.113.7');
    expect(html).toContain('<a href="https://203.0.113.8/">203.0.113.8</a>');
  });

  it('keeps markup in the answer as text next to a link', () => {
    const html = render('<img src=x onerror=alert(1)> from 203.0.113.9');
    expect(links(html)).toEqual(['203.0.113.9']);
    expect(html).toContain('title="Open the card of 203.0.113.9"');
    expect(html).not.toMatch(/<img/);
  });
});
