/** Puts values into a catalog entry's `{{name}}` placeholders, as i18next's interpolation does. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
