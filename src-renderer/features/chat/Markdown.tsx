import { memo, useEffect, useState } from 'react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { VFile } from 'vfile';
import { openExternal } from './chat-data.ts';
import { AddressLink } from '../../ui/AddressText.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { rehypeAddressLinks } from './address-links.ts';
import { continueSplit, paragraphPieces, type MarkdownSplit } from './markdown-blocks.ts';

const isWebLink = (href: string | undefined): href is string => {
  try {
    const url = new URL(href ?? '');
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** A link the model wrote: opened in the system browser, and only after the user saw the whole address. */
function ModelLink({ href, children }: ComponentProps<'a'>) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  if (!isWebLink(href)) return <span className="chat-dead-link">{children}</span>;
  return (
    <>
      <a
        href={href}
        onClick={(event) => {
          event.preventDefault();
          setConfirming(true);
        }}
      >
        {children}
      </a>
      {confirming && (
        <Dialog title={t('chat.link.title')} onClose={() => setConfirming(false)}>
          <p>{t('chat.link.explain')}</p>
          <p className="chat-link-address">{href}</p>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('chat.link.cancel')}
            </button>
            <button
              type="button"
              className="button-primary"
              onClick={() => {
                setConfirming(false);
                void openExternal(href);
              }}
            >
              {t('chat.link.open')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}

/** An image in the model's Markdown is named, never fetched. */
function ModelImage({ alt, src }: ComponentProps<'img'>) {
  const { t } = useTranslation();
  return <span className="chat-image-placeholder">{t('chat.imageNotLoaded', { alt: alt || '', src: typeof src === 'string' ? src : '' })}</span>;
}

/** A span the address step made is a link to the address's card; any other span (highlighting) stays a span. */
function SpanOrAddress({ node: _, ...props }: ComponentProps<'span'> & { node?: unknown; 'data-address'?: string }) {
  const address = props['data-address'];
  return address ? <AddressLink address={address}>{props.children}</AddressLink> : <span {...props} />;
}

const components: Components = { a: ModelLink, img: ModelImage, span: SpanOrAddress };
const remarkPlugins = [remarkGfm];
// Made once: the plugin's attacher builds a highlighter with every common language each time it
// runs, and react-markdown runs it for every render of every block.
const highlightCode = rehypeHighlight({ detect: false });
const withHighlighting = [() => highlightCode, rehypeAddressLinks];
const withoutHighlighting: typeof withHighlighting = [rehypeAddressLinks];
// Only a block with a fence has code to highlight; the others skip the walk over their whole tree.
const hasFence = /^\s{0,3}(```|~~~)/m;

/** One block of model output as Markdown: raw HTML shows as text, only http(s) links, no images fetched. */
const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  const pieces = paragraphPieces(text);
  return (
    <div className="chat-block">
      {pieces.length === 1 ? (
        <ReactMarkdown components={components} remarkPlugins={remarkPlugins} rehypePlugins={hasFence.test(text) ? withHighlighting : withoutHighlighting}>
          {text}
        </ReactMarkdown>
      ) : (
        <p>
          {pieces.map((piece, index) => (
            <ParagraphPiece key={index} text={piece} />
          ))}
        </p>
      )}
    </div>
  );
});

const inParagraph: Components = { ...components, p: ({ children }) => <>{children}</> };

/** A piece of a long paragraph (`paragraphPieces`), parsed alone and set inside the paragraph's one `<p>`. */
const ParagraphPiece = memo(function ParagraphPiece({ text }: { text: string }) {
  return (
    <>
      <ReactMarkdown components={inParagraph} remarkPlugins={remarkPlugins} rehypePlugins={withoutHighlighting}>
        {text}
      </ReactMarkdown>{' '}
    </>
  );
});

/** A code block still arriving: plain text, highlighted once it closes, so a growing block costs no parse per batch. */
function OpenCodeBlock({ language, code }: { language: string; code: string }) {
  return (
    <div className="chat-block">
      <pre>
        <code className={language ? `language-${language}` : undefined}>{code}</code>
      </pre>
    </div>
  );
}

/**
 * Model output as Markdown, block by block: as the text grows, and when the answer ends, only the
 * blocks that changed are split and parsed again.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  // Started by the first answer shown, not when the chunk loads: a window that never shows one pays nothing.
  useEffect(() => {
    if (warmingUp) return;
    warmingUp = true;
    warmUp(0);
  }, []);
  // The split of the text last rendered, carried forward (React's "state from the previous render").
  const [previous, setPrevious] = useState<MarkdownSplit | undefined>(undefined);
  const split = continueSplit(previous, text);
  if (split !== previous) setPrevious(split);
  const { blocks, openFence } = split;
  return (
    <>
      {blocks.map((block, index) => (
        <MarkdownBlock key={index} text={block} />
      ))}
      {openFence && <OpenCodeBlock key={blocks.length} language={openFence.language} code={openFence.code} />}
    </>
  );
});

// V8 runs the Markdown parser slowly until it has run it many times, and the highlighter compiles a
// language's grammar on its first block: the first answers a window showed cost several ms per block,
// a 60 ms task to open a conversation or to start streaming. While the window is idle after this
// first answer shows, the whole pipeline runs over a sample with what answers hold, and the usual languages
// are compiled, so the first conversation opens as fast as the tenth.
const warmUpSample = [
  'The source **198.51.100.7** probed `22` ports; see [the log](https://example.com/log).',
  '```ts\nconst blocked = await firewall.block("198.51.100.7", { hours: 24 });\n```',
  '| port | hits |\n|---|---|\n| 22 | 4 |',
  '1. Look it up.\n2. *Block* it.\n\n- one\n- two',
  '> quoted ~~struck~~ text',
].join('\n\n');
const warmUpRuns = 40;
const usualLanguages = ['js', 'python', 'bash', 'json', 'sql', 'yaml', 'go', 'java', 'xml', 'css', 'c', 'cpp', 'rust', 'shell', 'diff'];

function warmUpStep(step: number) {
  if (step < warmUpRuns) {
    ReactMarkdown({ children: warmUpSample, components, remarkPlugins, rehypePlugins: withHighlighting });
    return;
  }
  const code = { type: 'element' as const, tagName: 'code', properties: { className: [`language-${usualLanguages[step - warmUpRuns]}`] }, children: [{ type: 'text' as const, value: 'x = 1' }] };
  highlightCode({ type: 'root', children: [{ type: 'element', tagName: 'pre', properties: {}, children: [code] }] }, new VFile());
}

// One step per idle moment, and only in a long one: a step of code not yet compiled takes tens of
// ms, and a click that came during it would wait.
function warmUp(step: number) {
  requestIdleCallback((deadline) => {
    if (deadline.timeRemaining() < 40) {
      warmUp(step);
      return;
    }
    warmUpStep(step);
    if (step + 1 < warmUpRuns + usualLanguages.length) warmUp(step + 1);
  });
}
let warmingUp = false;
