export { AskModelButton } from './AskModelButton.tsx';
export { ModelAtWorkSection } from './ModelAtWorkSection.tsx';
export { SimilarItems } from './SimilarItems.tsx';
export { useDecideTriage, useModelAtWork, useTriage, useTriagesOfAlert } from './assistant-data.ts';
export { useDraftStream, type DraftStream, type DraftText } from './draft-stream.ts';
