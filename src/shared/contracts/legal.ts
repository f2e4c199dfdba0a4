import { z } from 'zod';
import { LEGAL_PAGES } from '../constants';

export type LegalPageName = (typeof LEGAL_PAGES)[number];

/** A text the patient reads and may agree to, in both languages, with its version. */
export const legalPageSchema = z.object({
  version: z.string(),
  text: z.object({ en: z.string(), de: z.string() }),
});
export type LegalPageBody = z.infer<typeof legalPageSchema>;

export const legalPageParamsSchema = z.strictObject({ page: z.enum(LEGAL_PAGES) });
