// A hint of how hard a passphrase is to guess, for the export's form: a rough count of the guesses
// it would take (its length after repeats and runs are discounted, times the variety of its
// characters), less for a well-known password. A hint only: the file's key is made with scrypt,
// and main refuses only what is shorter than the minimum.

/** Shorter is refused (the contract's check): the file may be attacked offline, guess after guess. */
export const PASSPHRASE_MIN_LENGTH = 10;

export type PassphraseStrength = 'tooShort' | 'weak' | 'fair' | 'strong';

/** What every list of leaked passwords begins with. */
const COMMON = /password|passwort|qwerty|azerty|letmein|welcome|admin|opsdesk|123456|abc123|iloveyou/i;

function charactersOf(text: string): number {
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[ -/:-@[-`{-~]/, /[^\x20-\x7e]/];
  const sizes = [26, 26, 10, 33, 100];
  return classes.reduce((pool, pattern, index) => (pattern.test(text) ? pool + sizes[index]! : pool), 0);
}

/** Its length once a repeated character or a run (abcd, 4321) counts as one more. */
function effectiveLength(text: string): number {
  const points = [...text].map((character) => character.codePointAt(0)!);
  let length = 0;
  for (let index = 0; index < points.length; index++) {
    const step = index === 0 ? null : points[index]! - points[index - 1]!;
    const previousStep = index < 2 ? null : points[index - 1]! - points[index - 2]!;
    // The second of a pair is new; the third in a line of equal steps adds little.
    length += step !== null && step === previousStep && Math.abs(step) <= 1 ? 0.25 : 1;
  }
  return length;
}

export function passphraseStrength(passphrase: string): PassphraseStrength {
  if ([...passphrase].length < PASSPHRASE_MIN_LENGTH) return 'tooShort';
  const bits = effectiveLength(passphrase) * Math.log2(Math.max(charactersOf(passphrase), 2)) - (COMMON.test(passphrase) ? 40 : 0);
  if (bits < 50) return 'weak';
  if (bits < 75) return 'fair';
  return 'strong';
}
