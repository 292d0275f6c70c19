// The simulator's embeddings: deterministic vectors with a geometry tests can rely on. A text
// becomes its words (lower-cased, stemmed, stop words left out, each Han character a word of its
// own), each word its concept through a small synonym table, and the vector the normalised sum
// of each concept's hashed direction: a paraphrase shares its original's concepts and lands near
// it, an unrelated text shares none and lands far (cosine near 0). A text with no word at all
// falls back to a vector seeded by its bytes.
import { createHash } from 'node:crypto';
import { createRandom } from './random.ts';

const STOP_WORDS = new Set([
  'a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'at', 'for', 'from', 'by', 'with', 'is', 'are', 'was', 'were', 'be',
  'been', 'it', 'its', 'this', 'that', 'my', 'our', 'your', 'i', 'we', 'you', 'me', 'us', 'do', 'does', 'did', 'can', 'could',
  'how', 'what', 'why', 'when', 'not', 'no', 'any', 'some', 'again', 'after', 'before', 'into', 'out', 'up', 'so', 'as', 'have',
  'has', 'had', 'will', 'would', 'should', 'please', 'hi', 'hello', 'just', 'still', 'keep', 'keeps', 'get', 'got',
  '的', '了', '是', '我', '在', '和', '有', '不', '吗', '请', '怎', '么', '个', '这', '那',
]);

/**
 * Words that mean the same here, each group under its first word (its concept). Stems, as
 * `stemOf` makes them; Han words as written.
 */
const SYNONYMS: readonly (readonly string[])[] = [
  ['password', 'passphrase', 'credential', 'passcod', 'pin', '密码'],
  ['reset', 'recov', 'restor', 'forgot', 'forgotten', 'lost', 'chang', 'renew', '重置', '找回', '忘记'],
  ['cannot', 'unabl', 'can’t', 'cant', '无法', '不能'],
  ['login', 'logon', 'signin', 'sign', 'log', 'authent', 'access', '登录'],
  ['scan', 'sweep', 'probe', 'reconnaiss', 'enumer', '扫描'],
  ['port', 'servic', 'socket', '端口'],
  ['brute', 'guess', 'spray', 'stuff', 'repeat', 'many', '暴力'],
  ['fail', 'deni', 'reject', 'refus', 'invalid', 'wrong', 'incorrect', '失败'],
  ['malwar', 'trojan', 'virus', 'ransomwar', 'beacon', 'implant', '恶意'],
  ['command', 'c2', 'cnc', 'control', 'callback'],
  ['outag', 'down', 'unavail', 'unreach', 'offlin', 'broken', 'crash', '故障', '宕机'],
  ['slow', 'lag', 'latenc', 'sluggish', 'delay', '慢'],
  ['refund', 'reimburs', 'chargeback', 'repay', 'money', '退款'],
  ['invoic', 'bill', 'charg', 'payment', 'receipt', '发票', '账单'],
  ['ship', 'deliver', 'parcel', 'packag', 'courier', 'track', '物流', '快递'],
  ['cancel', 'terminat', 'unsubscrib', 'stop', '取消'],
  ['account', 'profil', 'user', 'usernam', '账户', '账号'],
  ['email', 'mail', 'inbox', 'messag', '邮件'],
  ['phishing', 'spoof', 'lure', 'fake', 'impersonat', '钓鱼'],
  ['sql', 'inject', 'sqli', 'union', '注入'],
  ['web', 'http', 'site', 'websit', 'page', '网站'],
  ['dns', 'domain', 'resolv', 'tunnel', '域名'],
  ['exfiltr', 'leak', 'upload', 'transfer', 'steal', '泄露'],
  ['block', 'ban', 'blacklist', 'deny', 'firewal', '封禁'],
  ['vpn', 'remot', 'tunnel'],
  ['broken', 'defect', 'damag', 'faulti', 'fault', '损坏'],
  ['printer', 'print', '打印'],
];

const CONCEPT = new Map<string, string>(SYNONYMS.flatMap((group) => group.map((word) => [word, group[0]!] as const)));

const SUFFIXES = ['ations', 'ation', 'ments', 'ment', 'ings', 'ing', 'ers', 'er', 'ies', 'ied', 'ed', 'es', 'ly', 's', 'e', 'y'];

/** A crude stem (enough for the synonym table and for a plural to meet its singular). */
export function stemOf(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.length - suffix.length >= 3 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

/** The concepts of a text, in order, repeats kept (a word said twice weighs twice). */
export function conceptsOf(text: string): string[] {
  const words = text.toLowerCase().normalize('NFKC').match(/\p{Script=Han}+|[\p{L}\p{N}]+/gu) ?? [];
  const concepts: string[] = [];
  for (const word of words) {
    if (STOP_WORDS.has(word)) continue;
    // Han text, unspaced: a two-character word the table knows, else each character alone.
    if (/^\p{Script=Han}+$/u.test(word)) {
      const characters = [...word];
      for (let at = 0; at < characters.length; at++) {
        const pair = characters.slice(at, at + 2).join('');
        if (pair.length === 2 && CONCEPT.has(pair)) {
          concepts.push(CONCEPT.get(pair)!);
          at++;
        } else if (!STOP_WORDS.has(characters[at]!)) {
          concepts.push(CONCEPT.get(characters[at]!) ?? characters[at]!);
        }
      }
      continue;
    }
    if (/^\d+$/.test(word)) continue;
    const stem = stemOf(word);
    concepts.push(CONCEPT.get(word) ?? CONCEPT.get(stem) ?? stem);
  }
  return concepts;
}

const directions = new Map<string, number[]>();

/** Where a concept points: a dense direction seeded by its hash, so two concepts are nearly orthogonal (cosine about 1/√dimensions). */
function directionOf(concept: string, dimensions: number): number[] {
  const key = `${dimensions}\n${concept}`;
  let direction = directions.get(key);
  if (!direction) {
    direction = seededVector(`concept:${concept}`, dimensions);
    if (directions.size > 50_000) directions.clear();
    directions.set(key, direction);
  }
  return direction;
}

function seededVector(text: string, dimensions: number): number[] {
  const random = createRandom(createHash('sha256').update(text).digest().readUInt32BE(0), 'embedding');
  return Array.from({ length: dimensions }, () => random.next() * 2 - 1);
}

/** A unit-length vector of the text's meaning (see the head of this file). */
export function simulatedEmbedding(input: string, dimensions: number): number[] {
  const concepts = conceptsOf(input);
  let raw: number[];
  if (concepts.length === 0) {
    raw = seededVector(input, dimensions);
  } else {
    raw = new Array<number>(dimensions).fill(0);
    // Each distinct concept counts once and then a little more per repeat: a long text is not a bag of its commonest word.
    const counts = new Map<string, number>();
    for (const concept of concepts) counts.set(concept, (counts.get(concept) ?? 0) + 1);
    for (const [concept, count] of counts) {
      const weight = 1 + Math.log(count);
      const direction = directionOf(concept, dimensions);
      for (let index = 0; index < dimensions; index++) raw[index]! += direction[index]! * weight;
    }
  }
  const norm = Math.hypot(...raw) || 1;
  return raw.map((value) => Math.fround(value / norm));
}

export function embeddingToBase64(vector: readonly number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index++) {
    dot += a[index]! * b[index]!;
    normA += a[index]! ** 2;
    normB += b[index]! ** 2;
  }
  return dot / Math.sqrt(normA * normB || 1);
}

/**
 * A fault of the embeddings answer itself, on demand (the HTTP faults of faults.ts cover 429, 5xx
 * and a body cut mid-way): `wrong-dimension` answers vectors of another length than asked;
 * `fewer-vectors` leaves the last input without one; `no-data` answers a 200 with no list.
 */
export type EmbeddingFault = { kind: 'wrong-dimension'; dimensions: number; times?: number } | { kind: 'fewer-vectors' | 'no-data'; times?: number };
