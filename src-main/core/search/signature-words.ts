// The alerts' signatures, kept in memory for the palette: an IDS has a few thousand where the
// cache holds a million alerts, so a typed word is matched against them here, and only the alerts
// of the signatures it matches are read, through the signature index. A prefix query on the
// alerts' full-text index would merge a doclist as long as the cache at every keystroke.
import { foldText } from '../db/word-prefix-match.ts';
import type { SearchRepository } from './search-repository.ts';

interface Signature {
  key: number;
  signature: string;
  folded: string;
}

const WORD_CHARACTER = '\\p{L}\\p{N}\\p{M}';
const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class SignatureWords {
  readonly #repository: SearchRepository;
  readonly #known = new Map<string, Signature>();
  /** The highest alert rowid whose signature is known: only newer rows are read at the next search. */
  #through = 0;

  constructor(repository: SearchRepository) {
    this.#repository = repository;
  }

  /**
   * The signatures in which each word begins a word (as the full-text index would match), the
   * shortest first: the most general rule a typed word names. Pruned alerts may leave a signature
   * with no alert; it then counts none.
   */
  matching(words: readonly string[]): { key: number; signature: string }[] {
    if (words.length === 0) return [];
    this.#catchUp();
    const patterns = words.map((word) => new RegExp(`(?<![${WORD_CHARACTER}])${escaped(foldText(word))}`, 'u'));
    return [...this.#known.values()]
      .filter(({ folded }) => patterns.every((pattern) => pattern.test(folded)))
      .sort((a, b) => a.signature.length - b.signature.length || a.signature.localeCompare(b.signature))
      .map(({ key, signature }) => ({ key, signature }));
  }

  #catchUp(): void {
    const { signatures, through } = this.#repository.signaturesSince(this.#through);
    // The rowids came down (rows deleted from the top): read the whole table again.
    if (through < this.#through) {
      this.#known.clear();
      this.#through = 0;
      this.#catchUp();
      return;
    }
    for (const { key, signature } of signatures) this.#known.set(`${key}\n${signature}`, { key, signature, folded: foldText(signature) });
    this.#through = through;
  }
}
