import LanguageIcon from '@mui/icons-material/Language';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, normalizeLanguage } from '../../shared/constants';
import { useAuth } from './auth/auth-context';

export function LanguageSelector({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { t, i18n } = useTranslation();
  const { changeLanguage } = useAuth();
  return (
    <TextField
      select
      size={size}
      label={t('footer.language')}
      value={normalizeLanguage(i18n.language)}
      onChange={(event) => void changeLanguage(normalizeLanguage(event.target.value))}
      sx={{ minWidth: 140 }}
      slotProps={{
        input: {
          startAdornment: <LanguageIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} />,
        },
        htmlInput: { 'data-testid': 'language-selector' },
      }}
    >
      {LANGUAGES.map((language) => (
        <MenuItem key={language} value={language} lang={language}>
          {t(`languages.${language}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
