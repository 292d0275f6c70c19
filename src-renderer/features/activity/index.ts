export { OutcomeChip } from './ActivityParts.tsx';
export { ActivitySettingsSection } from './ActivitySettingsSection.tsx';
export { ItemHistory } from './ItemHistory.tsx';
export { useActivityActionText } from './activity-words.ts';
