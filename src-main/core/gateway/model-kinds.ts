// What a model of the list is for (gateway.md is silent: the list is "models callable with the
// current key"). Read from what the gateway says of it, under the names real gateways use; when it
// says nothing, guessed from the usual names. Recorded in docs/api-assumptions.md.
import type { ModelKind } from '../../../src-shared/contract/gateway.ts';
import type { Fields } from '../wire/read.ts';

/** Words a gateway uses for each kind, in a type, a mode, a task or a capability's name. */
const KIND_WORDS: readonly [ModelKind, RegExp][] = [
  ['embedding', /embed/],
  ['transcription', /transcri|speech.?to.?text|\bstt\b|\basr\b|audio.?input/],
  ['image', /image.?gen|text.?to.?image|\bimage\b|\bimages\b|paint|diffusion|dall/],
  ['chat', /chat|completion|\bllm\b|\bvlm\b|language|\btext\b|instruct|\bcode\b|conversation|generat/],
];

/** Model names that say what they are; anything unrecognised is a chat model, the gateway's main use. */
const NAME_WORDS: readonly [ModelKind, RegExp][] = [
  ['embedding', /embed|\bbge\b|^bge-|\be5-|^gte-|\bm3e\b|jina-emb|nomic-emb/],
  ['transcription', /whisper|transcri|paraformer|sensevoice|speech-to-text|\basr\b/],
  ['image', /dall-?e|gpt-image|image-gen|imagen|stable-diffusion|\bsdxl\b|\bsd3|flux|midjourney|cogview|wanx|kolors|seedream/],
  ['other', /\btts\b|^tts-|moderation|rerank|guard/],
];

const kindsIn = (words: readonly string[]): ModelKind[] => {
  const found = new Set<ModelKind>();
  for (const word of words.map((text) => text.toLowerCase())) {
    const kind = KIND_WORDS.find(([, pattern]) => pattern.test(word))?.[0];
    if (kind) found.add(kind);
  }
  return [...found];
};

/** A capabilities field: a list of names, or an object naming each with true/false. */
function capabilityWords(model: Fields): string[] {
  const listed = model.strings('capabilities', 'capability', 'features', 'endpoints', 'supported_endpoints', 'output_modalities');
  if (listed) return listed;
  const flags = model.fields('capabilities', 'capability', 'features');
  if (!flags) return [];
  return Object.entries(flags.record)
    .filter(([, value]) => value === true)
    .map(([name]) => name);
}

/** What the gateway says the model is for, when it says anything. */
export function kindsStated(model: Fields): ModelKind[] {
  const typed = model.strings('type', 'model_type', 'modelType', 'mode', 'kind', 'task', 'category', 'model_category');
  const modality = model.fields('architecture')?.strings('output_modalities', 'modality') ?? [];
  return kindsIn([...(typed ?? []), ...capabilityWords(model), ...modality.map((text) => text.split('->').at(-1) ?? text)]);
}

export function kindsByName(id: string): ModelKind[] {
  const name = id.toLowerCase();
  const kind = NAME_WORDS.find(([, pattern]) => pattern.test(name))?.[0];
  return [kind ?? 'chat'];
}
