import LanguageIcon from '@mui/icons-material/Language';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, normalizeLanguage } from '../../shared/constants';
import { useAuth } from './auth/auth-context';

/**
 * The language of the page, as the browser's own select: on a phone it opens the system's
 * picker, and it needs none of the menu, popover and modal code of MUI's Select, which every
 * page would otherwise load before its first interaction.
 */
export function LanguageSelector({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { t, i18n } = useTranslation();
  const { changeLanguage } = useAuth();
  const id = useId();
  const label = t('footer.language');
  return (
    <FormControl size={size} sx={{ minWidth: 140 }}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        value={normalizeLanguage(i18n.language)}
        onChange={(event) => void changeLanguage(normalizeLanguage(event.target.value))}
        input={
          <OutlinedInput
            label={label}
            notched
            startAdornment={
              <LanguageIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} />
            }
          />
        }
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
