import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { QuestionType } from '../shared/constants';
import { ADMIN_TYPE_NAMES } from './registry.admin-names';

/** The name of a question's type as a small outlined chip, as the admin lists show it. */
export function QuestionTypeChip({ type }: { type: QuestionType }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" label={t(ADMIN_TYPE_NAMES[type])} />;
}
