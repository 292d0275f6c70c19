/** A spreadsheet runs a cell that starts with =, +, -, @, tab or CR as a formula; a leading ' makes it text. */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
