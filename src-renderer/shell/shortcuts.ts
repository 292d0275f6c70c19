// Every keyboard shortcut the window answers, as the "Keyboard shortcuts" sheet lists them. The
// handlers live where they act (use-workspace-shortcuts.ts, the outbox button, the lists); this is
// what the user is told, in one place.
import { isMac } from '../navigation/shortcut-label.ts';

/** One key press: its keys in order, `Mod` standing for Cmd on macOS and Ctrl elsewhere. */
export type Keys = readonly string[];

export interface Shortcut {
  /** `shortcuts.<id>` in the catalogs. */
  id: string;
  /** Alternatives, any of which does it. */
  presses: readonly Keys[];
}

export const shortcutGroups: readonly { id: 'workspace' | 'window' | 'lists'; shortcuts: readonly Shortcut[] }[] = [
  {
    id: 'workspace',
    shortcuts: [
      { id: 'palette', presses: [['Mod', 'K']] },
      { id: 'openView', presses: [['Mod', 'T']] },
      { id: 'closeTab', presses: [['Mod', 'W']] },
      { id: 'nextTab', presses: [['Ctrl', 'Tab']] },
      { id: 'previousTab', presses: [['Ctrl', 'Shift', 'Tab']] },
      { id: 'tabAt', presses: [['Mod', '1…8']] },
      { id: 'lastTab', presses: [['Mod', '9']] },
      { id: 'moveTab', presses: [['Mod', 'Shift', 'PageUp'], ['Mod', 'Shift', 'PageDown']] },
      { id: 'outbox', presses: [['Mod', 'Shift', 'O']] },
      { id: 'sheet', presses: [['Mod', '/']] },
    ],
  },
  { id: 'window', shortcuts: [{ id: 'zoom', presses: [['Mod', '+'], ['Mod', '-'], ['Mod', '0']]}] },
  {
    id: 'lists',
    shortcuts: [
      { id: 'moveRow', presses: [['↑'], ['↓']] },
      { id: 'firstLast', presses: [['Home'], ['End']] },
      { id: 'openRow', presses: [['Enter']] },
      { id: 'closeDetail', presses: [['Esc']] },
    ],
  },
];

/** A key as this platform's keyboard labels it. */
export const keyLabel = (key: string): string => (key === 'Mod' ? (isMac ? '⌘' : 'Ctrl') : isMac && key === 'Shift' ? '⇧' : key);
