/** Puts each `{{name}}` of a text's placeholders in its place (empty when not given). */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}
