import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedMediaUrl } from '../../../question-types/media-capture/useSignedMediaUrl';
import type { AdminAnswer } from '../../../shared/contracts/admin-patients';
import '../admin-i18n/i18n';
import { localized } from '../format';

const ZOOM_STEP = 1.25;
const MAX_SCALE = 8;
const FRAME_PADDING_PX = 8;

function ToolButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactElement;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} color="inherit">
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * One photo of the lightbox, fitted to the window or at a chosen scale (image pixels per
 * stored pixel); a larger picture scrolls inside its frame.
 */
function LightboxPhoto({
  photo,
  alt,
  scale,
  imageRef,
  onShownScale,
}: {
  photo: AdminAnswer & { MediaPath: string };
  alt: string;
  scale: number | null;
  imageRef: RefObject<HTMLImageElement | null>;
  /** The scale the picture is drawn at, measured whenever its size changes. */
  onShownScale: (scale: number) => void;
}) {
  const { t } = useTranslation('admin');
  const { media } = useSignedMediaUrl(photo.MediaPath);
  const [failed, setFailed] = useState(false);
  const ready = media.status === 'ready' && !failed;
  useEffect(() => {
    const image = imageRef.current;
    if (!ready || !image) return;
    const measure = () => {
      if (image.naturalWidth > 0) onShownScale(image.clientWidth / image.naturalWidth);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(image);
    image.addEventListener('load', measure);
    return () => {
      observer.disconnect();
      image.removeEventListener('load', measure);
    };
  }, [ready, imageRef, onShownScale]);
  if (media.status === 'loading') return <CircularProgress aria-label={t('common:loading')} />;
  if (media.status !== 'ready' || failed) {
    return <Typography color="grey.300">{t('responses.lightbox.failed')}</Typography>;
  }
  const natural = imageRef.current?.naturalWidth ?? 0;
  return (
    <Box
      component="img"
      ref={imageRef}
      src={media.url}
      alt={alt}
      onError={() => setFailed(true)}
      data-testid="lightbox-photo"
      sx={{
        display: 'block',
        // Auto margins centre the picture and still let all of a larger one scroll into view.
        m: 'auto',
        ...(scale === null || natural === 0
          ? { maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }
          : { width: natural * scale, maxWidth: 'none', maxHeight: 'none' }),
      }}
    />
  );
}

/**
 * The assessment's photos one at a time, large, with zoom and next/previous by button or key
 * (arrows, + and -, 0 to fit, Esc closes); the question is the caption.
 */
export function PhotoLightbox({
  photos,
  index,
  onIndexChange,
  onClose,
}: {
  photos: (AdminAnswer & { MediaPath: string })[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const captionId = useId();
  const imageRef = useRef<HTMLImageElement | null>(null);
  const frameRef = useRef<HTMLDivElement | null>(null);
  const [scale, setScale] = useState<number | null>(null);
  const [shownScale, setShownScale] = useState(1);
  const photo = photos[index]!;
  const question = localized(
    photo.Question.QuestionText,
    photo.Question.Translations,
    i18n.language,
  );
  const several = photos.length > 1;

  /** Zooms by a factor; smaller than fitting the frame is no use and fits it again. */
  const zoom = useCallback((factor: number) => {
    const image = imageRef.current;
    const frame = frameRef.current;
    // The scale that shows the whole picture in its frame (never above its real size).
    const fit =
      image && frame && image.naturalWidth > 0
        ? Math.min(
            1,
            (frame.clientWidth - 2 * FRAME_PADDING_PX) / image.naturalWidth,
            (frame.clientHeight - 2 * FRAME_PADDING_PX) / image.naturalHeight,
          )
        : 1;
    setScale((current) => {
      const next = Math.min(MAX_SCALE, (current ?? fit) * factor);
      return next <= fit + 0.001 ? null : next;
    });
  }, []);
  // Ctrl + wheel (a touchpad's pinch) zooms; the plain wheel scrolls a zoomed picture. A native
  // listener, as React's wheel listeners are passive and cannot keep the browser from zooming.
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const attachFrame = useCallback((element: HTMLDivElement | null) => {
    frameRef.current = element;
    setFrame(element);
  }, []);
  useEffect(() => {
    if (!frame) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      zoom(event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP);
    };
    frame.addEventListener('wheel', onWheel, { passive: false });
    return () => frame.removeEventListener('wheel', onWheel);
  }, [frame, zoom]);
  const go = (step: number) => {
    if (!several) return;
    setScale(null);
    onIndexChange((index + step + photos.length) % photos.length);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: () => go(-1),
      ArrowRight: () => go(1),
      '+': () => zoom(ZOOM_STEP),
      '=': () => zoom(ZOOM_STEP),
      '-': () => zoom(1 / ZOOM_STEP),
      '0': () => setScale(null),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  const percent = Math.round(shownScale * 100);

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="xl"
      aria-labelledby={captionId}
      // The provider puts the focus on the thumbnail of the photo shown last.
      disableRestoreFocus
      onKeyDown={onKeyDown}
      data-testid="photo-lightbox"
      slotProps={{
        paper: { sx: { bgcolor: 'grey.900', color: 'common.white', m: { xs: 1, sm: 2 } } },
      }}
    >
      <Stack
        direction="row"
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 2, py: 1 }}
      >
        <Box sx={{ flex: '1 1 240px', minWidth: 0, order: { xs: 1, sm: 0 } }}>
          <Typography
            id={captionId}
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600 }}
            data-testid="lightbox-caption"
          >
            {question}
          </Typography>
          <Typography variant="body2" sx={{ color: 'grey.400' }}>
            {t('responses.lightbox.position', { index: index + 1, count: photos.length })}
          </Typography>
        </Box>
        {/* On a phone the tools take a row of their own below caption and close button. */}
        <Stack
          direction="row"
          sx={{ alignItems: 'center', flexWrap: 'wrap', order: { xs: 3, sm: 0 } }}
        >
          <ToolButton
            label={t('responses.lightbox.previous')}
            onClick={() => go(-1)}
            disabled={!several}
          >
            <ChevronLeftIcon />
          </ToolButton>
          <ToolButton
            label={t('responses.lightbox.next')}
            onClick={() => go(1)}
            disabled={!several}
          >
            <ChevronRightIcon />
          </ToolButton>
          <ToolButton label={t('responses.lightbox.zoomOut')} onClick={() => zoom(1 / ZOOM_STEP)}>
            <ZoomOutIcon />
          </ToolButton>
          <Typography
            variant="body2"
            aria-live="polite"
            sx={{ minWidth: 48, textAlign: 'center' }}
            data-testid="lightbox-zoom"
          >
            {t('responses.lightbox.zoomLevel', { percent })}
          </Typography>
          <ToolButton label={t('responses.lightbox.zoomIn')} onClick={() => zoom(ZOOM_STEP)}>
            <ZoomInIcon />
          </ToolButton>
          <ToolButton label={t('responses.lightbox.fit')} onClick={() => setScale(null)}>
            <FitScreenIcon />
          </ToolButton>
          <Button
            color="inherit"
            size="small"
            onClick={() => setScale(1)}
            aria-label={t('responses.lightbox.actualSizeLabel')}
            sx={{ minWidth: 0 }}
          >
            {t('responses.lightbox.actualSize')}
          </Button>
        </Stack>
        <Box sx={{ order: { xs: 2, sm: 0 } }}>
          <ToolButton label={t('common:close')} onClick={onClose}>
            <CloseIcon />
          </ToolButton>
        </Box>
      </Stack>
      <Box
        ref={attachFrame}
        sx={{
          display: 'flex',
          height: { xs: '65vh', md: '75vh' },
          overflow: 'auto',
          bgcolor: 'common.black',
          color: 'grey.300',
          p: `${FRAME_PADDING_PX}px`,
        }}
      >
        <LightboxPhoto
          key={photo.ID}
          photo={photo}
          alt={t('responses.lightbox.alt', { question })}
          scale={scale}
          imageRef={imageRef}
          onShownScale={setShownScale}
        />
      </Box>
    </Dialog>
  );
}
