// Where a meaning index's vectors are: its own sqlite-vec table, named by the index's id (never by
// a model's name), and an item's chunk n at the vector row `item rowid × MAX_CHUNKS + n`, so a
// vector names its item without a join table.
import { MAX_CHUNKS } from './item-texts.ts';

export const vectorTable = (index: { id: number }) => `meaning_vectors_${Math.trunc(index.id)}`;
export const chunkRowid = (itemRowid: number, chunk: number) => BigInt(itemRowid) * BigInt(MAX_CHUNKS) + BigInt(chunk);
export const itemRowidOf = (vectorRowid: number | bigint) => Math.floor(Number(vectorRowid) / MAX_CHUNKS);
export const blobOf = (vector: Float32Array) => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
export const vectorOfBlob = (blob: Buffer) => new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));
