/** A form field's text as a whole number, or null when it is not one ("", "1.5", "ten"). */
export function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}
