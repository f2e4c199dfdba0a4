import { invalid } from '../../server/platform/errors';
import { textIn } from '../../shared/questionnaire';
import { writeAnswerBlock } from '../report.server';
import { SKIPPED, type AnsweredQuestion, type QuestionTypeServer } from '../server-type';

const chosenOption = ({ question, answer }: AnsweredQuestion) =>
  question.options.find((option) => option.id === answer.optionId);

/** One of the question's active options. */
export const multipleChoiceServer: QuestionTypeServer<'multiple_choice'> = {
  type: 'multiple_choice',
  async toStored(answer, checks) {
    if (answer.optionId == null) return SKIPPED;
    if (!(await checks.isActiveOption(answer.optionId))) throw invalid('survey.invalidOption');
    return { value: { optionId: answer.optionId }, optionId: answer.optionId, filePath: null };
  },
  csvCells: (item) => ({
    option_text: chosenOption(item)?.text.en ?? null,
    option_score: chosenOption(item)?.score ?? null,
  }),
  exportFields(item, language) {
    const option = chosenOption(item);
    return { option: option ? textIn(option.text, language) : null };
  },
  async writeReport(run, context) {
    for (const item of run) {
      const option = chosenOption(item);
      await writeAnswerBlock(context, item, 60, () => {
        context.doc.text(
          option ? textIn(option.text, context.language) : context.labels.noSelection,
        );
      });
    }
  },
};
