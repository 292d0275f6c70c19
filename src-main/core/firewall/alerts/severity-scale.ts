// Numeric severities: firewall.md does not say which end of a number is the most severe, so a
// number is named only when the appliance's OpenAPI description says what each one means (an enum
// of numbers with `x-enum-varnames`, `x-enumNames` or `x-enum-descriptions`, or a description such
// as `1 = critical, 4 = low`); otherwise it stays "level N", sorted and filtered by its number
// (docs/api-assumptions.md, "numeric severities").
import type { ApiDescription } from '../../wire/openapi.ts';
import { fieldsOf, readList, readRecord, readString } from '../../wire/read.ts';

/** A number as the appliance sends it (`"3"`) → the severity it names. */
export type SeverityScale = ReadonlyMap<string, string>;

/** Words appliances use for the four severities OpsDesk knows. */
export const SEVERITY_WORDS: Readonly<Record<string, string>> = {
  low: 'low', info: 'low', informational: 'low', notice: 'low', medium: 'medium', warning: 'medium', moderate: 'medium',
  high: 'high', severe: 'high', major: 'high', critical: 'critical', crit: 'critical', emergency: 'critical',
};

const FIELD_NAMES = ['severity', 'level', 'priority'];

function namedBy(word: string | undefined): string | undefined {
  return word === undefined ? undefined : SEVERITY_WORDS[word.trim().toLowerCase().split(/[^a-z]+/).find((part) => part in SEVERITY_WORDS) ?? ''];
}

/** What one schema property says about its numbers. */
function scaleOfProperty(property: unknown): Map<string, string> | undefined {
  const fields = fieldsOf(property);
  if (!fields) return undefined;
  const scale = new Map<string, string>();
  const values = readList(fields.raw('enum'))?.map(readString) ?? [];
  const names = readList(fields.raw('x-enum-varnames', 'x-enumNames', 'x-enum-names', 'x-enum-descriptions')) ?? [];
  values.forEach((value, i) => {
    const name = namedBy(readString(names[i]));
    if (value !== undefined && /^\d+$/.test(value) && name !== undefined) scale.set(value, name);
  });
  for (const [, number, word] of (fields.string('description') ?? '').matchAll(/\b(\d+)\s*(?:=|:|-|–|→|is|means)\s*([A-Za-z]+)/g)) {
    const name = namedBy(word);
    if (number !== undefined && name !== undefined && !scale.has(number)) scale.set(number, name);
  }
  return scale.size > 0 ? scale : undefined;
}

/** The scale the description gives a severity field in any of its schemas; null when it says nothing. */
export function severityScaleOf(description: ApiDescription | null): SeverityScale | null {
  const schemas = readRecord(readRecord(description?.document['components'])?.['schemas']);
  for (const schema of Object.values(schemas ?? {})) {
    const properties = readRecord(readRecord(schema)?.['properties']);
    for (const name of FIELD_NAMES) {
      const scale = scaleOfProperty(properties?.[name]);
      if (scale) return scale;
    }
  }
  return null;
}
