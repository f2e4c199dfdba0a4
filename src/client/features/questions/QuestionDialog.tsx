import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  GERMAN_LANGUAGE_ID,
  QUESTION_TYPES,
  RECORDING_SECONDS,
  type QuestionType,
} from '../../../shared/constants';
import { ADMIN_TYPE_NAMES } from '../../../question-types/registry.admin-names';
import type { AdminQuestion } from '../../../shared/contracts/admin-questions';
import type { OverlayId } from '../../../shared/overlays';
import { FormDialog } from '../../lib/dialogs/FormDialog';
import { useSaveQuestion, type QuestionPayload } from './api';
import { OverlayGuidePicker } from './OverlayGuidePicker';
import '../../lib/admin-i18n/i18n';
import './i18n';

interface OptionValues {
  id?: number;
  en: string;
  de: string;
}

interface FormValues {
  type: QuestionType;
  text: string;
  german: string;
  order: string;
  isActive: boolean;
  required: boolean;
  /** A guide, "none", or null to let the survey pick one from the question's words. */
  overlay: OverlayId | null;
  maxSeconds: string;
  options: OptionValues[];
}

const german = (translations: AdminQuestion['Translations']) =>
  translations.find((t) => t.LanguageID === GERMAN_LANGUAGE_ID)?.TranslatedText ?? '';

function initialValues(question: AdminQuestion | null, nextOrder: number): FormValues {
  if (!question) {
    return {
      type: 'text',
      text: '',
      german: '',
      order: String(nextOrder),
      isActive: true,
      required: false,
      overlay: null,
      maxSeconds: String(RECORDING_SECONDS.default),
      options: [
        { en: '', de: '' },
        { en: '', de: '' },
      ],
    };
  }
  const active = question.Options.filter((o) => o.IsActive);
  return {
    type: question.QuestionType,
    text: question.QuestionText,
    german: german(question.Translations),
    order: String(question.Order),
    isActive: question.IsActive,
    required: question.Required,
    overlay: question.Overlay,
    maxSeconds: String(question.MaxRecordingSeconds),
    options:
      active.length > 0
        ? active.map((o) => ({ id: o.ID, en: o.OptionText, de: german(o.Translations) }))
        : [{ en: '', de: '' }],
  };
}

const translationsOf = (text: string) =>
  text.trim() ? [{ LanguageID: GERMAN_LANGUAGE_ID as 2, TranslatedText: text.trim() }] : [];

/**
 * SPEC section 5: options only for multiple choice, order by position, overlay null when none is
 * chosen ("No guide" is a choice and kept).
 */
function toPayload(values: FormValues): QuestionPayload {
  const isChoice = values.type === 'multiple_choice';
  const isMedia = values.type === 'photo' || values.type === 'video';
  return {
    QuestionType: values.type,
    QuestionText: values.text.trim(),
    Order: Number.parseInt(values.order, 10),
    IsActive: values.isActive,
    Overlay: isMedia ? values.overlay : null,
    Required: values.required,
    MaxRecordingSeconds:
      values.type === 'video' ? Number.parseInt(values.maxSeconds, 10) : RECORDING_SECONDS.default,
    Translations: translationsOf(values.german),
    Options: isChoice
      ? values.options.map((option, index) => ({
          ...(option.id ? { ID: option.id } : {}),
          OptionText: option.en.trim(),
          Order: index + 1,
          IsActive: true,
          Translations: translationsOf(option.de),
        }))
      : [],
  };
}

export function QuestionDialog({
  question,
  nextOrder,
  onClose,
  onSaved,
}: {
  /** The question being edited, or null to add one. */
  question: AdminQuestion | null;
  nextOrder: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tq } = useTranslation('questions');
  const save = useSaveQuestion();
  const answered = question?.ResponseCount ?? 0;
  const { control, register, handleSubmit, watch, formState } = useForm<FormValues>({
    defaultValues: initialValues(question, nextOrder),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'options' });
  const type = watch('type');
  const errors = formState.errors;

  const submit = handleSubmit((values) => {
    save.mutate({ id: question?.ID, body: toPayload(values) }, { onSuccess: onSaved });
  });

  return (
    <FormDialog
      title={question ? t('questions.dialog.editTitle') : t('questions.dialog.addTitle')}
      maxWidth="md"
      save={save}
      saveFailed={t('questions.saveFailed')}
      onSubmit={submit}
      onClose={onClose}
    >
      {answered > 0 && (
        <Alert severity="info">{t('questions.dialog.answeredNote', { count: answered })}</Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <TextField
              select
              label={t('questions.dialog.type')}
              {...field}
              disabled={answered > 0}
              helperText={answered > 0 ? t('questions.dialog.typeLocked') : undefined}
              slotProps={{
                htmlInput: { 'data-testid': 'question-type' },
                // Why the field is locked must stay readable: disabled grey is 2.7:1.
                formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
              }}
            >
              {QUESTION_TYPES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(ADMIN_TYPE_NAMES[value])}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label={t('questions.dialog.order')}
          type="number"
          {...register('order', {
            validate: (value) => /^\d+$/.test(value.trim()) || t('questions.dialog.orderInvalid'),
          })}
          error={Boolean(errors.order)}
          helperText={errors.order?.message}
          slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
        />
      </Box>
      <TextField
        label={t('questions.dialog.text')}
        multiline
        minRows={2}
        required
        {...register('text', {
          validate: (value) => value.trim() !== '' || t('questions.dialog.required'),
        })}
        error={Boolean(errors.text)}
        helperText={errors.text?.message}
      />
      <TextField
        label={t('questions.dialog.german')}
        multiline
        minRows={2}
        {...register('german')}
        slotProps={{ htmlInput: { lang: 'de' } }}
      />
      <Controller
        control={control}
        name="required"
        render={({ field }) => (
          <Box>
            <FormControlLabel
              control={
                <Switch checked={field.value} onChange={(_, checked) => field.onChange(checked)} />
              }
              label={tq('required')}
            />
            <Typography variant="body2" color="text.secondary">
              {tq('requiredHint')}
            </Typography>
          </Box>
        )}
      />
      {question && (
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch checked={field.value} onChange={(_, checked) => field.onChange(checked)} />
              }
              label={t('questions.dialog.active')}
            />
          )}
        />
      )}

      {type === 'video' && (
        <TextField
          label={tq('maxRecording')}
          type="number"
          {...register('maxSeconds', {
            validate: (value) => {
              const seconds = Number(value.trim());
              return (
                (/^\d+$/.test(value.trim()) &&
                  seconds >= RECORDING_SECONDS.min &&
                  seconds <= RECORDING_SECONDS.max) ||
                tq('maxRecordingInvalid', RECORDING_SECONDS)
              );
            },
          })}
          error={Boolean(errors.maxSeconds)}
          helperText={errors.maxSeconds?.message ?? tq('maxRecordingHint', RECORDING_SECONDS)}
          slotProps={{
            htmlInput: {
              min: RECORDING_SECONDS.min,
              max: RECORDING_SECONDS.max,
              step: 1,
              inputMode: 'numeric',
              'data-testid': 'max-recording-seconds',
            },
          }}
          sx={{ maxWidth: 320 }}
        />
      )}

      {(type === 'photo' || type === 'video') && (
        <Controller
          control={control}
          name="overlay"
          render={({ field }) => (
            <OverlayGuidePicker value={field.value} onChange={field.onChange} />
          )}
        />
      )}

      {type === 'multiple_choice' && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('questions.dialog.options')}
          </Typography>
          <Stack spacing={1.5}>
            {fields.map((field, index) => (
              <Box
                key={field.id}
                data-testid="option-row"
                sx={{
                  display: 'grid',
                  gap: 1.5,
                  alignItems: 'start',
                  gridTemplateColumns: { xs: '1fr auto', sm: '1fr 1fr auto' },
                  p: 1.5,
                  borderRadius: 1,
                  bgcolor: 'action.hover',
                }}
              >
                <TextField
                  size="small"
                  label={t('questions.dialog.optionEnglish', { number: index + 1 })}
                  {...register(`options.${index}.en`, {
                    validate: (value) =>
                      watch('type') !== 'multiple_choice' ||
                      value.trim() !== '' ||
                      t('questions.dialog.required'),
                  })}
                  error={Boolean(errors.options?.[index]?.en)}
                  helperText={errors.options?.[index]?.en?.message}
                  sx={{ gridColumn: { xs: '1', sm: 'auto' } }}
                />
                <TextField
                  size="small"
                  label={t('questions.dialog.optionGerman', { number: index + 1 })}
                  {...register(`options.${index}.de`)}
                  slotProps={{ htmlInput: { lang: 'de' } }}
                  sx={{ gridColumn: { xs: '1', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
                />
                <IconButton
                  aria-label={t('questions.dialog.removeOption', { number: index + 1 })}
                  onClick={() => remove(index)}
                  disabled={fields.length <= 1}
                  sx={{ gridColumn: { xs: 2, sm: 'auto' }, gridRow: { xs: '1', sm: 'auto' } }}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Box>
            ))}
          </Stack>
          <Button startIcon={<AddIcon />} onClick={() => append({ en: '', de: '' })} sx={{ mt: 1 }}>
            {t('questions.dialog.addOption')}
          </Button>
        </Box>
      )}
    </FormDialog>
  );
}
