export const isMac = navigator.platform.toLowerCase().includes('mac');

/** A Ctrl/Cmd shortcut as the platform writes it: `Ctrl+Shift+O`, `⇧⌘O`. */
export function commandShortcut(key: string, options: { shift?: boolean } = {}): string {
  return isMac ? `${options.shift ? '⇧' : ''}⌘${key}` : `Ctrl+${options.shift ? 'Shift+' : ''}${key}`;
}
