import { REGULAR } from '../../server/platform/pdf/pdf-kit';
import { printText } from '../../server/platform/pdf/script-runs';
import { SKIPPED, type QuestionTypeServer } from '../server-type';
import { writeAnswerBlock } from '../report.server';

/** Free text, stored trimmed; an empty text is a skipped question. */
export const textServer: QuestionTypeServer<'text'> = {
  type: 'text',
  toStored: async (answer) => ({
    ...SKIPPED,
    value: { answerText: answer.answerText?.trim() ?? '' },
  }),
  csvCells: ({ answer }) => ({ answer_text: answer.answerText }),
  async writeReport(run, context) {
    for (const item of run) {
      await writeAnswerBlock(context, item, 60, () => {
        const text = item.answer.answerText?.trim() || context.labels.noAnswer;
        printText(context.doc, text, REGULAR);
      });
    }
  },
};
