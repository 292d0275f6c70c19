// What each picker offers rests on this reading: what gateways say of a model, then its name.
import { expect, test } from 'vitest';
import { readModel } from '../../../src-main/core/gateway/client.ts';
import { fieldsOf } from '../../../src-main/core/wire/read.ts';

const read = (entry: Record<string, unknown>) => readModel(fieldsOf(entry)!);

test.each([
  [{ id: 'x1', type: 'chat' }, ['chat']],
  [{ id: 'x2', mode: 'embedding' }, ['embedding']],
  [{ id: 'x3', mode: 'image_generation' }, ['image']],
  [{ id: 'x4', mode: 'audio_transcription' }, ['transcription']],
  [{ id: 'x5', type: 'language' }, ['chat']],
  [{ id: 'x6', capabilities: { chat_completion: true, embeddings: false } }, ['chat']],
  [{ id: 'x7', capabilities: ['completion_chat', 'function_calling'] }, ['chat']],
  [{ id: 'x8', architecture: { modality: 'text+image->text' } }, ['chat']],
  [{ id: 'x9', task: 'text-to-image' }, ['image']],
  [{ id: 'x10', model_type: 'embeddings' }, ['embedding']],
])('the gateway says: %j is for %j', (entry, kinds) => {
  expect(read(entry)).toMatchObject({ kinds, kindsFrom: 'gateway' });
});

test.each([
  ['whisper-1', 'transcription'],
  ['paraformer-realtime-v2', 'transcription'],
  ['text-embedding-3-small', 'embedding'],
  ['bge-m3', 'embedding'],
  ['BAAI/bge-large-zh-v1.5', 'embedding'],
  ['gpt-image-1', 'image'],
  ['dall-e-3', 'image'],
  ['black-forest-labs/FLUX.1-schnell', 'image'],
  ['tts-1', 'other'],
  ['omni-moderation-latest', 'other'],
  ['gpt-4o-mini', 'chat'],
  ['qwen-max', 'chat'],
  ['private-llama-3.1-70b', 'chat'],
])('the gateway says nothing: %s is placed by its name as %s', (id, kind) => {
  expect(read({ id, object: 'model', owned_by: 'someone' })).toMatchObject({ kinds: [kind], kindsFrom: 'name' });
});

test('a type that names no use of the app is not taken as one: the name decides', () => {
  expect(read({ id: 'whisper-large-v3', type: 'model' })).toMatchObject({ kinds: ['transcription'], kindsFrom: 'name' });
});
