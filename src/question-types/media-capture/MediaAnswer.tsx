import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { localized } from '../../client/lib/format';
import type { MediaType } from '../../shared/constants';
import { NoAnswer } from '../NoAnswer';
import type { AnswerViewProps } from '../question-type.client';
import { ADMIN_TEXTS } from './admin-texts';
import { useMediaObjectUrl } from './useMediaObjectUrl';

/** A photo or video answer shown inline from an authorised blob fetch, openable in a new tab. */
function MediaView({
  mediaPath,
  mediaType,
  alt,
  full,
}: {
  mediaPath: string;
  mediaType: MediaType;
  alt: string;
  full: boolean;
}) {
  const { t } = useTranslation(ADMIN_TEXTS);
  const media = useMediaObjectUrl(`/api/admin/media/${mediaPath}`);
  const maxHeight = full ? '55vh' : 120;
  const width = full ? '100%' : 180;

  if (media.status === 'loading') {
    return (
      <Box
        role="status"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', py: 1 }}
      >
        <CircularProgress size={18} />
        <Typography variant="body2">{t('loading')}</Typography>
      </Box>
    );
  }
  if (media.status === 'error') {
    return (
      <Typography variant="body2" color="error">
        {t('failed')}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      {mediaType === 'photo' ? (
        <Box
          component="img"
          src={media.url}
          alt={alt}
          data-testid="response-photo"
          sx={{
            display: 'block',
            maxWidth: width,
            maxHeight,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            objectFit: 'contain',
            bgcolor: 'grey.100',
          }}
        />
      ) : (
        <Box
          component="video"
          src={media.url}
          controls
          preload="metadata"
          playsInline
          aria-label={alt}
          data-testid="response-video"
          sx={{ display: 'block', width, maxHeight, borderRadius: 1, bgcolor: 'common.black' }}
        />
      )}
      <Button
        size="small"
        startIcon={<OpenInNewIcon fontSize="small" />}
        onClick={() => window.open(media.url, '_blank', 'noopener')}
        sx={{ px: 0.5, whiteSpace: 'nowrap' }}
      >
        {t('openInNewTab')}
      </Button>
    </Box>
  );
}

/** The photo or video of a media question, small in the table and large in the dialog. */
export function MediaAnswer({ response, full }: AnswerViewProps) {
  const { t, i18n } = useTranslation(ADMIN_TEXTS);
  if (!response.MediaPath) return <NoAnswer />;
  const question = response.Question;
  return (
    <MediaView
      mediaPath={response.MediaPath}
      mediaType={response.MediaType ?? (question.QuestionType === 'video' ? 'video' : 'photo')}
      alt={t('photoAlt', {
        question: localized(question.QuestionText, question.Translations, i18n.language),
      })}
      full={full}
    />
  );
}
