import { registerTranslations } from '../client/lib/i18n';

/**
 * Registers the texts a question-type folder shows on one side, the patient's survey or the
 * admin area, under the namespace "<folder>/<side>", and returns that namespace. The sides
 * register apart so that each chunk carries only its own side's texts.
 */
export function registerTypeTexts(
  folder: string,
  side: 'survey' | 'admin',
  bundles: { en: Record<string, unknown>; de: Record<string, unknown> },
): string {
  const namespace = `${folder}/${side}`;
  registerTranslations(namespace, bundles);
  return namespace;
}
