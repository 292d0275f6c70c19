import { create } from 'zustand';

export interface LiveQuestion {
  /** The action in the user's words, e.g. `Create ticket “Printer on fire”`. */
  action: string;
  profileName: string;
  answer(confirmed: boolean): void;
}

export interface LiveConfirmationStore {
  /** The question on screen; others wait behind it, one dialog at a time. */
  asking: LiveQuestion | null;
  waiting: LiveQuestion[];
  ask(action: string, profileName: string): Promise<boolean>;
  answer(confirmed: boolean): void;
}

export const useLiveConfirmationStore = create<LiveConfirmationStore>()((set, get) => ({
  asking: null,
  waiting: [],

  ask(action, profileName) {
    return new Promise<boolean>((resolve) => {
      const question: LiveQuestion = { action, profileName, answer: resolve };
      set((state) => (state.asking ? { waiting: [...state.waiting, question] } : { asking: question }));
    });
  },

  answer(confirmed) {
    const { asking, waiting } = get();
    if (!asking) return;
    set({ asking: waiting[0] ?? null, waiting: waiting.slice(1) });
    asking.answer(confirmed);
  },
}));
