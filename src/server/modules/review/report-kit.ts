import type PDFDocument from 'pdfkit';
import type { Language } from '../../../shared/constants';
import type { AnsweredQuestion } from '../../../question-types/server-type';
import { textIn } from '../questionnaire/questionnaire';
import type { ReportLabels } from './report-labels';

/**
 * What a question type's case-report writer works with: the document, the reader's language and
 * labels, the page's measures and the way to a photo's bytes. Fonts and colours are the report's.
 */
export type Doc = InstanceType<typeof PDFDocument>;

export interface ReportContext {
  doc: Doc;
  language: Language;
  labels: ReportLabels;
  /** A stored photo's bytes, or null when it cannot be read (missing, unreadable; logged). */
  readMedia(path: string): Promise<Buffer | null>;
  /** Whether a stored file (a video) can be read; logged when not. */
  mediaAvailable(path: string): Promise<boolean>;
}

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

/** The question's text in the reader's language. */
export const questionTextOf = (item: AnsweredQuestion, language: Language) =>
  textIn(item.question.text, language);

/**
 * One answer under its question, kept together on a page when `height` points fit: the
 * question in bold, then what `body` writes, then the gap to the next answer.
 */
export async function writeAnswerBlock(
  { doc, language }: ReportContext,
  item: AnsweredQuestion,
  height: number,
  body: () => void | Promise<void>,
): Promise<void> {
  ensureSpace(doc, height);
  doc.font(BOLD).fontSize(10.5).fillColor(INK).text(questionTextOf(item, language));
  doc.font(REGULAR).fontSize(10).fillColor(INK).moveDown(0.2);
  await body();
  doc.fillColor(INK).fontSize(10).moveDown(0.8);
}
