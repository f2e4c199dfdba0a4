import { EMPTY_ANSWER, type QuestionTypeServer } from '../server-type';
import { writeAnswerBlock } from '../../server/modules/review/report-kit';

/** Free text, stored trimmed; an empty text is a skipped question. */
export const textServer: QuestionTypeServer<'text'> = {
  type: 'text',
  toStored: async (answer) => ({ ...EMPTY_ANSWER, answerText: answer.answerText?.trim() ?? '' }),
  csvCells: ({ answer }) => ({ answer_text: answer.answerText }),
  async writeReport(run, context) {
    for (const item of run) {
      await writeAnswerBlock(context, item, 60, () => {
        context.doc.text(item.answer.answerText?.trim() || context.labels.noAnswer);
      });
    }
  },
};
