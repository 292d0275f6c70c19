/** Bytes in a group: eight groups of four for a SHA-256, as SSH and browsers group them to be compared by eye. */
const GROUP = 4;

/**
 * A certificate fingerprint in groups that never break inside a byte pair: the one value a user
 * compares character by character with what an administrator read out. `narrow`: two groups a line
 * instead of four, for two fingerprints side by side.
 */
export function Fingerprint({ value, label, narrow = false }: { value: string; label: string; narrow?: boolean }) {
  const bytes = value.split(':');
  const groups = Array.from({ length: Math.ceil(bytes.length / GROUP) }, (_, index) => bytes.slice(index * GROUP, (index + 1) * GROUP).join(':'));
  return (
    <span className={narrow ? 'fingerprint fingerprint-narrow' : 'fingerprint'} role="group" aria-label={label} title={value}>
      {groups.map((group, index) => (
        <span key={index} className="fingerprint-group">
          {/* Each group but the last keeps its colon: copied, the groups join back into the fingerprint. */}
          {index < groups.length - 1 ? `${group}:` : group}
        </span>
      ))}
    </span>
  );
}
