import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminResponse } from '../../shared/contracts/admin-responses';
import { formatDateTime, localized } from './format';
import { ResponseValue } from './ResponseValue';
import './i18n';

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
export function ResponseDetailsDialog({
  response,
  onClose,
  onVisualize,
}: {
  response: AdminResponse;
  onClose: () => void;
  onVisualize: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const titleId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const language = i18n.language;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{t('responses.detailsDialog.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Field label={t('responses.detailsDialog.question')}>
            <Typography>
              {localized(response.Question.QuestionText, response.Question.Translations, language)}
            </Typography>
          </Field>
          <Field label={t('responses.detailsDialog.type')}>
            <Chip
              size="small"
              variant="outlined"
              label={t(`types.${response.Question.QuestionType}`)}
            />
          </Field>
          <Field label={t('responses.detailsDialog.response')}>
            <ResponseValue response={response} full onVisualize={onVisualize} />
          </Field>
          <Field label={t('responses.detailsDialog.submitted')}>
            <Typography>{formatDateTime(response.UpdatedAt, language)}</Typography>
          </Field>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{t('responses.detailsDialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
