import { visibleText } from '../../../../src-shared/visible-text.ts';

/** A table cell holds a glance, not a document: long values are cut here and shown whole in the detail. */
export const cellText = (value: string, limit = 300): string => visibleText(value.length > limit ? `${value.slice(0, limit)}…` : value);
