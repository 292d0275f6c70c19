import { create } from 'zustand';

/** The titles of cases the window has read (`#12 Scan from …`), so a case's tab is titled by it without loading its view. */
export const useCaseTitles = create<{ titles: Record<string, string> }>()(() => ({ titles: {} }));

export function rememberCaseTitle(caseId: string, title: string): void {
  if (useCaseTitles.getState().titles[caseId] === title) return;
  useCaseTitles.setState((state) => ({ titles: { ...state.titles, [caseId]: title } }));
}

export function knownCaseTitle(caseId: string): string | undefined {
  return useCaseTitles.getState().titles[caseId];
}
