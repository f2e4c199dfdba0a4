import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { localized } from '../../client/lib/format';
import type { AnswerViewProps } from '../question-type.client';
import { ADMIN_TEXTS } from './admin-texts';

/** The option chosen, in the page's language, or "No selection" (SPEC section 5). */
export function ChoiceAnswer({ response }: AnswerViewProps) {
  const { t, i18n } = useTranslation(ADMIN_TEXTS);
  const option = response.Question.Options.find((o) => o.ID === response.OptionID);
  if (!option) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {t('noSelection')}
      </Typography>
    );
  }
  return (
    <Typography variant="body2">
      {localized(option.OptionText, option.Translations, i18n.language)}
    </Typography>
  );
}
