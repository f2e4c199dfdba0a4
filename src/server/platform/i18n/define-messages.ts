/**
 * A feature's API messages in both languages. The German table must have exactly the English
 * keys, so a missing translation is a compile error.
 */
export function defineMessages<const K extends string>(
  en: Record<K, string>,
  de: NoInfer<Record<K, string>>,
): { en: Record<K, string>; de: Record<K, string> } {
  return { en, de };
}
