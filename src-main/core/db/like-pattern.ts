/** A `LIKE … ESCAPE '\'` pattern matching any text that contains `text` (case-insensitively for ASCII, as LIKE compares). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
