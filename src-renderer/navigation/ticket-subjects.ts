import { create } from 'zustand';

/** The subjects of tickets the window has shown, by profile and ticket id, so a ticket's tab is titled by its subject. */
export const useTicketSubjects = create<{ subjects: Record<string, string> }>()(() => ({ subjects: {} }));

const keyOf = (profileId: string, ticketId: string) => `${profileId}\n${ticketId}`;

export function rememberTicketSubject(profileId: string, ticketId: string, subject: string | null): void {
  if (!subject || useTicketSubjects.getState().subjects[keyOf(profileId, ticketId)] === subject) return;
  useTicketSubjects.setState((state) => ({ subjects: { ...state.subjects, [keyOf(profileId, ticketId)]: subject } }));
}

export function knownTicketSubject(profileId: string, ticketId: string): string | undefined {
  return useTicketSubjects.getState().subjects[keyOf(profileId, ticketId)];
}
