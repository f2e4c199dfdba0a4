import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QuestionTypeChip } from '../../../question-types/QuestionTypeChip';
import { AnswerView } from '../../../question-types/registry.admin';
import type { AdminAnswer } from '../../../shared/contracts/admin-patients';
import { formatDateTime, localized } from '../format';
import { ViewDialog } from '../dialogs/ViewDialog';
import '../admin-i18n/i18n';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 2 }}>
        {label}
      </Typography>
      {children}
    </div>
  );
}

/** The question, its type, the answer and when it was submitted (SPEC section 2). */
export function AnswerDetailsDialog({
  response,
  onClose,
}: {
  response: AdminAnswer;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  return (
    <ViewDialog title={t('responses.detailsDialog.title')} maxWidth="md" onClose={onClose}>
      <Stack spacing={2}>
        <Field label={t('responses.detailsDialog.question')}>
          <Typography>
            {localized(response.Question.QuestionText, response.Question.Translations, language)}
          </Typography>
        </Field>
        <Field label={t('responses.detailsDialog.type')}>
          <QuestionTypeChip type={response.Question.QuestionType} />
        </Field>
        <Field label={t('responses.detailsDialog.response')}>
          <AnswerView response={response} full />
        </Field>
        <Field label={t('responses.detailsDialog.submitted')}>
          <Typography>{formatDateTime(response.UpdatedAt, language)}</Typography>
        </Field>
      </Stack>
    </ViewDialog>
  );
}
