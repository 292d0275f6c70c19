// Shapes more than one support feature returns.

export const followUpKinds = ['phone', 'chat', 'note'] as const;
export type FollowUpKind = (typeof followUpKinds)[number];

export interface OtherField {
  name: string;
  value: string;
}

export interface FollowUp {
  id: string;
  /** phone, chat, note, or what the server sent; null when it did not say. */
  kind: string | null;
  note: string | null;
  author: string | null;
  createdAt: string | null;
}
