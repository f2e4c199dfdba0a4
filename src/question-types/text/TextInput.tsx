import { useTranslation } from 'react-i18next';
import type { SurveyInputProps } from '../question-type.client';
import { MAX_ANSWER_TEXT_LENGTH } from './shared';
import { SURVEY_TEXTS } from './survey-texts';

/**
 * MUI's outlined multi-line text field in plain HTML (`text-input.css`, with the outlined
 * field's `outlined-field.css`): the survey's first question is usable without MUI.
 */
export default function TextInput({ draft, onChange, labelledBy }: SurveyInputProps<'text'>) {
  const { t } = useTranslation(SURVEY_TEXTS);
  return (
    <div className="outlined outlined-full outlined-unlabelled">
      <div className="outlined-box">
        <textarea
          className="outlined-input text-input"
          value={draft.answerText}
          onChange={(e) => onChange({ answerText: e.currentTarget.value })}
          placeholder={t('placeholder')}
          rows={4}
          maxLength={MAX_ANSWER_TEXT_LENGTH}
          aria-labelledby={labelledBy}
        />
        <fieldset aria-hidden="true" className="outlined-outline" />
      </div>
    </div>
  );
}
