import type { Language } from '../shared/constants';
import { textIn } from '../shared/questionnaire';
import { BOLD, INK, REGULAR, ensureSpace } from '../server/platform/pdf/pdf-kit';
import type { AnsweredQuestion, ReportContext } from './server-type';

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
