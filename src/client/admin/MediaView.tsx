import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMediaObjectUrl } from './api/responses';
import './i18n';

/** A photo or video answer shown inline from an authorised blob fetch, openable in a new tab. */
export function MediaView({
  mediaPath,
  mediaType,
  alt,
  size = 'small',
}: {
  mediaPath: string;
  mediaType: 'photo' | 'video';
  alt: string;
  size?: 'small' | 'large';
}) {
  const { t } = useTranslation('admin');
  const media = useMediaObjectUrl(mediaPath);
  const maxHeight = size === 'small' ? 120 : '55vh';
  const width = size === 'small' ? 180 : '100%';

  if (media.status === 'loading') {
    return (
      <Box
        role="status"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', py: 1 }}
      >
        <CircularProgress size={18} />
        <Typography variant="body2">{t('responses.mediaLoading')}</Typography>
      </Box>
    );
  }
  if (media.status === 'error') {
    return (
      <Typography variant="body2" color="error">
        {t('responses.mediaFailed')}
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
        {t('responses.openInNewTab')}
      </Button>
    </Box>
  );
}
