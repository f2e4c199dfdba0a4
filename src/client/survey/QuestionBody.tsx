import type { SurveyQuestion } from '../../shared/contracts/survey';
import type { AnswerDraft } from './answer-draft';
import { ChoiceQuestion } from './questions/ChoiceQuestion';
import { MediaQuestion } from './questions/MediaQuestion';
import { PainAtlasQuestion } from './questions/PainAtlasQuestion';
import { SymptomsQuestion } from './questions/SymptomsQuestion';
import { TextQuestion } from './questions/TextQuestion';

/** The input of one question, by its type. */
export function QuestionBody({
  question,
  draft,
  onChange,
  onBusyChange,
}: {
  question: SurveyQuestion;
  draft: AnswerDraft;
  onChange(patch: Partial<AnswerDraft>): void;
  onBusyChange(busy: boolean): void;
}) {
  switch (question.questionType) {
    case 'text':
      return (
        <TextQuestion
          value={draft.answerText}
          labelledBy="question-text"
          onChange={(answerText) => onChange({ answerText })}
        />
      );
    case 'multiple_choice':
      return (
        <ChoiceQuestion
          question={question}
          value={draft.optionId}
          labelledBy="question-text"
          onChange={(optionId) => onChange({ optionId })}
        />
      );
    case 'photo':
    case 'video':
      return (
        <MediaQuestion
          questionId={question.id}
          kind={question.questionType}
          overlay={question.overlay}
          mediaPath={draft.mediaPath}
          onChange={onChange}
          onBusyChange={onBusyChange}
        />
      );
    case 'pain_atlas':
      return (
        <PainAtlasQuestion
          points={draft.painPoints}
          onChange={(painPoints) => onChange({ painPoints })}
        />
      );
    case 'pain_symptoms':
      return (
        <SymptomsQuestion
          symptoms={draft.symptoms}
          onChange={(symptoms) => onChange({ symptoms })}
        />
      );
  }
}
