import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { MAX_ANSWER_TEXT_LENGTH } from '../../../shared/contracts/survey';

export function TextQuestion({
  value,
  labelledBy,
  onChange,
}: {
  value: string;
  labelledBy: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation('survey');
  return (
    <TextField
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={t('text.placeholder')}
      multiline
      minRows={4}
      fullWidth
      slotProps={{
        htmlInput: { maxLength: MAX_ANSWER_TEXT_LENGTH, 'aria-labelledby': labelledBy },
      }}
    />
  );
}
