import { visibleText } from '../../src-shared/visible-text.ts';

/**
 * A cell as an export writes it. A spreadsheet runs a cell that starts with =, +, -, @, tab or CR as
 * a formula (a leading ' makes it text), and direction controls would reorder what it shows, so
 * they are written out as visible marks.
 */
export function neutraliseCell(value: string): string {
  const shown = visibleText(value);
  return /^[=+\-@\t\r]/.test(shown) ? `'${shown}` : shown;
}
