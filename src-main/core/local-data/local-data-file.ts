// The export file's format: one line of JSON that says what the file is and how its key is made
// from the passphrase (no secret in it), then the gzipped payload encrypted with AES-256-GCM under a
// key scrypt derives from the passphrase and the file's random salt. The header line is the
// cipher's additional data, so a header changed by hand fails like a wrong passphrase.
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';

export const LOCAL_DATA_FORMAT = 'opsdesk-local-data';
export const LOCAL_DATA_VERSION = 1;

export interface ScryptParameters {
  /** CPU and memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt parameters for a password (2^17, 8, 1): about 128 MiB and a fraction of a second per try. */
export const DEFAULT_SCRYPT: ScryptParameters = { N: 2 ** 17, r: 8, p: 1 };
/** What a file may ask of this machine to derive its key: no more than 16 times the default's memory. */
const MAX_SCRYPT_MEMORY = 16 * 128 * DEFAULT_SCRYPT.N * DEFAULT_SCRYPT.r;

interface Header {
  format: typeof LOCAL_DATA_FORMAT;
  version: number;
  kdf: { name: 'scrypt'; salt: string } & ScryptParameters;
  cipher: { name: 'aes-256-gcm'; iv: string };
  compression: 'gzip';
}

const TAG_BYTES = 16;
const NEWLINE = 0x0a;
/** A header longer than this is not ours (ours is about 200 bytes). */
const MAX_HEADER_BYTES = 4096;

export type LocalDataFileProblem = 'not_a_local_data_file' | 'local_data_file_newer' | 'wrong_passphrase';

export class LocalDataFileError extends Error {
  readonly problem: LocalDataFileProblem;
  constructor(problem: LocalDataFileProblem) {
    super(problem);
    this.name = 'LocalDataFileError';
    this.problem = problem;
  }
}

const memoryOf = ({ N, r, p }: ScryptParameters) => 128 * N * r * p;

function deriveKey(passphrase: string, salt: Buffer, parameters: ScryptParameters): Buffer {
  // Node's default cap (32 MiB) is below the default parameters' need.
  return scryptSync(passphrase.normalize('NFC'), salt, 32, { ...parameters, maxmem: memoryOf(parameters) + 1024 * 1024 });
}

/** `payload` gzipped and encrypted under `passphrase`, with the header that opens it again. */
export function sealLocalData(payload: Buffer, passphrase: string, parameters: ScryptParameters = DEFAULT_SCRYPT): Buffer {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const header: Header = {
    format: LOCAL_DATA_FORMAT,
    version: LOCAL_DATA_VERSION,
    kdf: { name: 'scrypt', ...parameters, salt: salt.toString('base64') },
    cipher: { name: 'aes-256-gcm', iv: iv.toString('base64') },
    compression: 'gzip',
  };
  const headerLine = Buffer.from(`${JSON.stringify(header)}\n`, 'utf8');
  const cipher = createCipheriv('aes-256-gcm', deriveKey(passphrase, salt, parameters), iv);
  cipher.setAAD(headerLine);
  const body = Buffer.concat([cipher.update(gzipSync(payload)), cipher.final()]);
  return Buffer.concat([headerLine, body, cipher.getAuthTag()]);
}

/** The start of a file that is enough to read its header. */
export const LOCAL_DATA_HEAD_BYTES = MAX_HEADER_BYTES;

/**
 * The header of an export, checked; refuses a file that is not one, or one a newer OpsDesk wrote.
 * `file` may be its first LOCAL_DATA_HEAD_BYTES only, with the whole file's `size`.
 */
export function readLocalDataHeader(file: Buffer, size = file.length): { header: Header; headerLine: Buffer } {
  const end = file.subarray(0, MAX_HEADER_BYTES).indexOf(NEWLINE);
  if (end < 0) throw new LocalDataFileError('not_a_local_data_file');
  const headerLine = file.subarray(0, end + 1);
  let header: Header;
  try {
    header = JSON.parse(headerLine.toString('utf8')) as Header;
  } catch {
    throw new LocalDataFileError('not_a_local_data_file');
  }
  if (header?.format !== LOCAL_DATA_FORMAT || !Number.isInteger(header.version)) throw new LocalDataFileError('not_a_local_data_file');
  if (header.version > LOCAL_DATA_VERSION) throw new LocalDataFileError('local_data_file_newer');
  const { kdf, cipher } = header;
  const sane =
    kdf?.name === 'scrypt' &&
    cipher?.name === 'aes-256-gcm' &&
    header.compression === 'gzip' &&
    [kdf.N, kdf.r, kdf.p].every((value) => Number.isInteger(value) && value > 0) &&
    (kdf.N & (kdf.N - 1)) === 0 &&
    memoryOf(kdf) <= MAX_SCRYPT_MEMORY &&
    typeof kdf.salt === 'string' &&
    typeof cipher.iv === 'string' &&
    size >= headerLine.length + TAG_BYTES;
  if (!sane) throw new LocalDataFileError('not_a_local_data_file');
  return { header, headerLine };
}

/** The payload `sealLocalData` sealed; a wrong passphrase (or a file changed since) throws `wrong_passphrase`. */
export function openLocalData(file: Buffer, passphrase: string): Buffer {
  const { header, headerLine } = readLocalDataHeader(file);
  const { N, r, p } = header.kdf;
  const key = deriveKey(passphrase, Buffer.from(header.kdf.salt, 'base64'), { N, r, p });
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.cipher.iv, 'base64'));
  decipher.setAAD(headerLine);
  decipher.setAuthTag(file.subarray(file.length - TAG_BYTES));
  let compressed: Buffer;
  try {
    compressed = Buffer.concat([decipher.update(file.subarray(headerLine.length, file.length - TAG_BYTES)), decipher.final()]);
  } catch {
    // GCM cannot tell a wrong key from a changed file: both fail its check.
    throw new LocalDataFileError('wrong_passphrase');
  }
  return gunzipSync(compressed);
}
