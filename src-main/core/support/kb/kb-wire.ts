// Knowledge-base search hits and FAQ entries as the server sends them (docs/api-assumptions.md, Support).
import type { Faq, KbSearchHit } from '../../../../src-shared/contract/support.ts';
import type { Fields } from '../../wire/read.ts';
import { stringOr } from '../support-wire.ts';

export function readSearchHit(fields: Fields): KbSearchHit | undefined {
  const id = fields.id('id', 'doc_id', 'document_id', 'faq_id', 'article_id');
  if (id === undefined) return undefined;
  return {
    id,
    source: stringOr(fields, 'source', 'type', 'kind'),
    title: stringOr(fields, 'title', 'question', 'name'),
    snippet: stringOr(fields, 'snippet', 'excerpt', 'content', 'answer', 'text'),
    score: fields.number('score', 'relevance', 'similarity') ?? null,
  };
}

export function readFaq(fields: Fields): Faq | undefined {
  const id = fields.id('id', 'faq_id', 'faqId');
  if (id === undefined) return undefined;
  return {
    id,
    question: stringOr(fields, 'question', 'title', 'q'),
    answer: stringOr(fields, 'answer', 'content', 'a'),
    tags: fields.strings('tags', 'labels') ?? [],
    createdAt: fields.time('created_at', 'createdAt') ?? null,
    updatedAt: fields.time('updated_at', 'updatedAt') ?? null,
  };
}
