import { Fragment } from 'react';
import { visibleText } from '../../../src-shared/visible-text.ts';

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text with the words the search matched marked where a word begins, as the index matched
 * them. Text nodes only: a server's text is never read as markup, and its direction controls show as marks.
 */
export function Highlighted({ text: sent, words }: { text: string; words: readonly string[] }) {
  const text = visibleText(sent);
  if (words.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${words.map(escaped).join('|')})`, 'giu');
  const parts = text.split(pattern);
  return (
    <>
      {parts.map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : <Fragment key={index}>{part}</Fragment>))}
    </>
  );
}
