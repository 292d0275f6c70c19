/**
 * Puts values into a `{{name}}` template, as i18next interpolates catalog entries, so strings kept
 * in a feature's strings.ts move into the catalogs unchanged.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
