import BubbleChartIcon from '@mui/icons-material/BubbleChart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdminResponse } from '../../shared/contracts/admin-responses';
import { localized } from './format';
import { MediaView } from './MediaView';
import './i18n';

/** The option chosen, in the page's language, or "No selection" (SPEC section 5). */
export function chosenOptionText(response: AdminResponse, language: string): string | null {
  const option = response.Question.Options.find((o) => o.ID === response.OptionID);
  return option ? localized(option.OptionText, option.Translations, language) : null;
}

/** How one answer reads in the table (compact) or in the details dialog (full). */
export function ResponseValue({
  response,
  full = false,
  onVisualize,
}: {
  response: AdminResponse;
  full?: boolean;
  onVisualize: () => void;
}) {
  const { t, i18n } = useTranslation(['admin', 'symptoms']);
  const language = i18n.language;
  const questionText = localized(
    response.Question.QuestionText,
    response.Question.Translations,
    language,
  );

  switch (response.Question.QuestionType) {
    case 'multiple_choice': {
      const text = chosenOptionText(response, language);
      return text ? (
        <Typography variant="body2">{text}</Typography>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {t('responses.noSelection')}
        </Typography>
      );
    }
    case 'photo':
    case 'video':
      return response.MediaPath ? (
        <MediaView
          mediaPath={response.MediaPath}
          mediaType={response.MediaType ?? response.Question.QuestionType}
          alt={t('responses.photoAlt', { question: questionText })}
          size={full ? 'large' : 'small'}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('responses.noAnswer')}
        </Typography>
      );
    case 'pain_atlas':
    case 'pain_symptoms': {
      const symptoms = response.Symptoms ?? [];
      const points = response.PainPoints ?? [];
      const isSymptoms = response.Question.QuestionType === 'pain_symptoms';
      if ((isSymptoms && symptoms.length === 0) || (!isSymptoms && points.length === 0)) {
        return (
          <Typography variant="body2" color="text.secondary">
            {t('responses.noAnswer')}
          </Typography>
        );
      }
      return (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}>
          {isSymptoms ? (
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              {symptoms.map((s) => (
                <Chip
                  key={s.id}
                  size="small"
                  variant="outlined"
                  label={
                    full
                      ? `${t(`symptoms:names.${s.name}`)} · ${t(`symptoms:frequencies.${s.frequency}`)} · ${t(`symptoms:triggers.${s.trigger}`)} · ${t(`symptoms:intensities.${s.intensity}`)}`
                      : t(`symptoms:names.${s.name}`)
                  }
                />
              ))}
            </Box>
          ) : (
            <Typography variant="body2">
              {t('responses.painPoints', { count: points.length })}
            </Typography>
          )}
          <Button
            size="small"
            variant="outlined"
            startIcon={<BubbleChartIcon fontSize="small" />}
            onClick={onVisualize}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('responses.visualize')}
          </Button>
        </Box>
      );
    }
    default:
      return response.AnswerText?.trim() ? (
        <Typography
          variant="body2"
          sx={
            full
              ? { whiteSpace: 'pre-wrap' }
              : {
                  display: '-webkit-box',
                  WebkitLineClamp: 3,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }
          }
        >
          {response.AnswerText}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('responses.noAnswer')}
        </Typography>
      );
  }
}
