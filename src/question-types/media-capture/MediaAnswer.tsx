import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LightboxThumbnail } from '../../client/lib/answers/LightboxThumbnail';
import { localized } from '../../client/lib/format';
import type { MediaType } from '../../shared/constants';
import { NoAnswer } from '../NoAnswer';
import type { AnswerViewProps } from '../question-type.client';
import { ADMIN_TEXTS } from './admin-texts';
import { CaptureCheckBadge } from './pose-check/CaptureCheckBadge';
import { useSignedMediaUrl } from './useSignedMediaUrl';

/** A link older than this that stops loading has probably expired: ask for a fresh one. */
const RENEW_AFTER_MS = 60_000;

/**
 * A photo or video answer loaded by the browser from a short-lived signed link (a video streams
 * with ranges and can be sought at once), openable in a new tab.
 */
function MediaView({
  answerId,
  mediaPath,
  mediaType,
  question,
  alt,
  full,
}: {
  answerId: number;
  mediaPath: string;
  mediaType: MediaType;
  question: string;
  alt: string;
  full: boolean;
}) {
  const { t } = useTranslation(ADMIN_TEXTS);
  const { media, renew } = useSignedMediaUrl(mediaPath);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  // Where a video was when its link expired, to go on from there with the new one.
  const resumeAt = useRef(0);
  const maxHeight = full ? '55vh' : 120;
  const width = full ? '100%' : 180;

  const onError = (event: SyntheticEvent<HTMLImageElement | HTMLVideoElement>) => {
    if (media.status !== 'ready') return;
    if (Date.now() - media.issuedAt > RENEW_AFTER_MS) {
      const element = event.currentTarget;
      resumeAt.current = element instanceof HTMLVideoElement ? element.currentTime : 0;
      renew();
      return;
    }
    console.error('Failed to load media', mediaPath);
    setFailedUrl(media.url);
  };

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
  if (media.status === 'unavailable' || (media.status === 'ready' && failedUrl === media.url)) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="media-not-available">
        {t('notAvailable')}
      </Typography>
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
        <LightboxThumbnail answerId={answerId} question={question} enabled={!full}>
          <Box
            component="img"
            src={media.url}
            alt={alt}
            onError={onError}
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
        </LightboxThumbnail>
      ) : (
        <Box
          component="video"
          src={media.url}
          controls
          preload="metadata"
          playsInline
          aria-label={alt}
          onError={onError}
          onLoadedMetadata={(event: SyntheticEvent<HTMLVideoElement>) => {
            if (resumeAt.current > 0) event.currentTarget.currentTime = resumeAt.current;
            resumeAt.current = 0;
          }}
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
  const questionText = localized(question.QuestionText, question.Translations, i18n.language);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <MediaView
        answerId={response.ID}
        mediaPath={response.MediaPath}
        mediaType={response.MediaType ?? (question.QuestionType === 'video' ? 'video' : 'photo')}
        question={questionText}
        alt={t('photoAlt', { question: questionText })}
        full={full}
      />
      <CaptureCheckBadge value={response.Value} />
    </Box>
  );
}
