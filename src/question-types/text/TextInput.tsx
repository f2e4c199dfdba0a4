import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { SurveyInputProps } from '../question-type.client';
import { MAX_ANSWER_TEXT_LENGTH } from './shared';
import { SURVEY_TEXTS } from './survey-texts';

export default function TextInput({ draft, onChange, labelledBy }: SurveyInputProps<'text'>) {
  const { t } = useTranslation(SURVEY_TEXTS);
  return (
    <TextField
      value={draft.answerText}
      onChange={(e) => onChange({ answerText: e.target.value })}
      placeholder={t('placeholder')}
      multiline
      minRows={4}
      fullWidth
      slotProps={{
        htmlInput: { maxLength: MAX_ANSWER_TEXT_LENGTH, 'aria-labelledby': labelledBy },
      }}
    />
  );
}
