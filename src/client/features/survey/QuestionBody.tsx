import { surveyPartOf, type QuestionInputProps } from '../../../question-types/registry.survey';

/** The input of one question, as its type's folder defines it; the question text names it. */
export function QuestionBody(props: Omit<QuestionInputProps, 'labelledBy'>) {
  const { Input } = surveyPartOf(props.question.questionType);
  return <Input {...props} labelledBy="question-text" />;
}
