import { create } from 'zustand';
import type { ThemeChoice } from '../../src-shared/contract/app.ts';
import { saveTheme, savedTheme } from '../data/window-settings.ts';

export interface ThemeStore {
  choice: ThemeChoice;
  load(): Promise<void>;
  /** Applies at once; main remembers it. */
  choose(choice: ThemeChoice): Promise<void>;
}

/** The page's colours follow `color-scheme`: every colour in the styles is a `light-dark()` pair. */
function apply(choice: ThemeChoice): void {
  document.documentElement.style.colorScheme = choice === 'system' ? 'light dark' : choice;
}

export const useThemeStore = create<ThemeStore>()((set) => ({
  choice: 'system',

  async load() {
    const saved = await savedTheme();
    if (!saved.ok) return;
    apply(saved.data);
    set({ choice: saved.data });
  },

  async choose(choice) {
    apply(choice);
    set({ choice });
    await saveTheme(choice);
  },
}));
