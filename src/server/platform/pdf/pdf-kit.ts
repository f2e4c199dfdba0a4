import type PDFDocument from 'pdfkit';
import type { Language } from '../../../shared/constants';

/** A PDF document of PDFKit. */
export type Doc = InstanceType<typeof PDFDocument>;

export const REGULAR = 'Report';
export const BOLD = 'Report-Bold';
export const INK = '#1b2430';
export const MUTED = '#5f6b7a';
export const PRIMARY = '#1565c0';
export const COLORS = { green: '#2e7d32', amber: '#ed8f03', red: '#c62828' } as const;

/**
 * Prints `footer(page, pages)` at the bottom right of every buffered page (the document must be
 * created with `bufferPages`); the bottom margin is lifted meanwhile so the text adds no page.
 */
export function writePageFooters(doc: Doc, footer: (page: number, pages: number) => string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text(footer(i + 1, range.count), doc.page.margins.left, doc.page.height - 35, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: 'right',
      });
    doc.page.margins.bottom = bottom;
  }
}

/** Room left on the page; starts a new one when a block would not fit. */
export function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** A calendar date (birth, evaluation sent) is a day, not a moment: no zone applies. */
export const formatDay = (value: string | null, language: Language) =>
  value
    ? new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
        dateStyle: 'medium',
        timeZone: 'UTC',
      }).format(new Date(value))
    : '–';
