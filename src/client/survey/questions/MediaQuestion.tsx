import CameraAltIcon from '@mui/icons-material/CameraAlt';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import ReplayIcon from '@mui/icons-material/Replay';
import StopIcon from '@mui/icons-material/Stop';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaType } from '../../../shared/constants';
import { findOverlayGuide, type OverlayId } from '../../../shared/overlays';
import { overlayImageUrl } from '../../lib/overlays/overlay-image';
import { uploadMedia } from '../api';
import {
  CAPTURE_SIZE,
  cameraConstraints,
  isIOS,
  PHOTO_QUALITY,
  recorderPlan,
  videoFilename,
} from '../camera/platform';

interface Props {
  questionId: number;
  kind: MediaType;
  overlay: OverlayId;
  mediaPath: string | null;
  onChange(media: { mediaType: MediaType | null; mediaPath: string | null }): void;
  onBusyChange(busy: boolean): void;
}

type Phase = 'camera' | 'preview' | 'uploaded';

/** Live camera with a pose guide, capture or recording, preview with Retake, then upload. */
export function MediaQuestion({
  questionId,
  kind,
  overlay,
  mediaPath,
  onChange,
  onBusyChange,
}: Props) {
  const { t } = useTranslation('survey');
  const { t: tOverlay } = useTranslation('overlays');
  const guide = findOverlayGuide(overlay) ?? findOverlayGuide('none')!;
  const guideUrl = overlayImageUrl(guide);

  const [phase, setPhase] = useState<Phase>(mediaPath ? 'uploaded' : 'camera');
  const [cameraState, setCameraState] = useState<'starting' | 'live' | 'error'>('starting');
  /** Translation key of the camera or recording problem shown. */
  const [error, setError] = useState<string | null>(null);
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const [preview, setPreview] = useState<{ url: string; blob: Blob; filename: string } | null>(
    null,
  );
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const chunksRef = useRef<Blob[]>([]);
  const mountedRef = useRef(true);
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  useEffect(() => onBusyChange(uploading || recording), [uploading, recording, onBusyChange]);

  const stopCamera = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  const [cameraAttempt, setCameraAttempt] = useState(0);
  useEffect(() => {
    if (phase !== 'camera') return;
    let cancelled = false;
    setCameraState('starting');
    setError(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setCameraState('error');
      setError('camera.errors.permission');
      return;
    }
    navigator.mediaDevices
      .getUserMedia(cameraConstraints(kind === 'video'))
      .then((stream) => {
        if (cancelled) {
          stream.getTracks().forEach((track) => track.stop());
          return;
        }
        streamRef.current = stream;
        const video = videoRef.current;
        if (!video) return;
        // Capture works only once the picture has its size: "live" waits for the metadata.
        const ready = () => {
          if (!cancelled && video.videoWidth > 0) setCameraState('live');
        };
        video.onloadedmetadata = ready;
        video.onresize = ready;
        video.srcObject = stream;
        void video.play().catch(() => undefined);
        ready();
      })
      .catch(() => {
        if (cancelled) return;
        setCameraState('error');
        setError('camera.errors.permission');
      });
    return () => {
      cancelled = true;
      stopCamera();
    };
  }, [phase, kind, cameraAttempt, stopCamera]);

  useEffect(() => {
    if (!recording) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 250);
    return () => clearInterval(timer);
  }, [recording]);

  // Release the preview's memory and stop any recording when leaving the question.
  useEffect(
    () => () => {
      if (recorderRef.current?.state === 'recording') recorderRef.current.stop();
    },
    [],
  );
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  const upload = useCallback(
    async (blob: Blob, filename: string) => {
      setUploading(true);
      setUploadError(null);
      setProgress(0);
      try {
        const result = await uploadMedia({ blob, type: kind, questionId, filename }, setProgress);
        onChange({ mediaType: kind, mediaPath: result.mediaPath });
        setPhase('uploaded');
      } catch (failure) {
        const reason = failure instanceof Error && failure.message ? failure.message : '';
        setUploadError(
          t('camera.errors.uploadFailed', {
            reason: reason || t('camera.errors.uploadFailedDefault'),
          }),
        );
      } finally {
        setUploading(false);
      }
    },
    [kind, questionId, onChange, t],
  );

  const showCapture = (blob: Blob, filename: string) => {
    stopCamera();
    setPreview({ url: URL.createObjectURL(blob), blob, filename });
    setPhase('preview');
    void upload(blob, filename);
  };

  const takePhoto = () => {
    const video = videoRef.current;
    if (!streamRef.current || !video || video.videoWidth === 0) {
      setError('camera.errors.noStream');
      return;
    }
    // The square the patient sees (object-fit: cover), at the camera's full resolution.
    const side = Math.min(video.videoWidth, video.videoHeight);
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext('2d');
    if (!context) {
      setError('camera.errors.noStream');
      return;
    }
    context.drawImage(
      video,
      (video.videoWidth - side) / 2,
      (video.videoHeight - side) / 2,
      side,
      side,
      0,
      0,
      side,
      side,
    );
    canvas.toBlob(
      (blob) => {
        if (!blob || blob.size === 0) {
          setError('camera.errors.failed');
          return;
        }
        showCapture(blob, 'photo.jpg');
      },
      'image/jpeg',
      PHOTO_QUALITY,
    );
  };

  const startRecording = () => {
    const stream = streamRef.current;
    if (!stream) {
      setError('camera.errors.noStream');
      return;
    }
    if (typeof MediaRecorder === 'undefined') {
      setError('camera.errors.unsupported');
      return;
    }
    const plan = recorderPlan();
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, plan.options);
    } catch {
      try {
        recorder = new MediaRecorder(stream);
      } catch {
        setError('camera.errors.startFailed');
        return;
      }
    }
    chunksRef.current = [];
    recorder.ondataavailable = (event) => {
      if (event.data && event.data.size > 0) chunksRef.current.push(event.data);
    };
    recorder.onerror = () => {
      setRecording(false);
      setError('camera.errors.failed');
    };
    recorder.onstop = () => {
      // Leaving the question stops a recording; nothing is uploaded then.
      if (!mountedRef.current) return;
      setRecording(false);
      const type = recorder.mimeType || plan.options.mimeType || 'video/webm';
      const blob = new Blob(chunksRef.current, { type });
      chunksRef.current = [];
      if (blob.size === 0) {
        setError(isIOS() ? 'camera.errors.noDataIos' : 'camera.errors.noData');
        return;
      }
      showCapture(blob, videoFilename(type));
    };
    try {
      recorder.start(plan.timeslice);
    } catch {
      setError('camera.errors.startFailed');
      return;
    }
    recorderRef.current = recorder;
    setError(null);
    setSeconds(0);
    setRecording(true);
  };

  const stopRecording = () => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') {
      try {
        recorder.requestData();
      } catch {
        /* some browsers refuse requestData right before stop */
      }
      recorder.stop();
    }
  };

  const retake = () => {
    setPreview(null);
    setUploadError(null);
    setError(null);
    onChange({ mediaType: null, mediaPath: null });
    setPhase('camera');
    setCameraAttempt((n) => n + 1);
  };

  const frame = {
    position: 'relative',
    width: '100%',
    maxWidth: CAPTURE_SIZE,
    aspectRatio: '1 / 1',
    mx: 'auto',
    borderRadius: 2,
    overflow: 'hidden',
    bgcolor: 'grey.900',
  } as const;

  return (
    <Stack spacing={2} sx={{ alignItems: 'center', '& > *': { width: '100%' } }}>
      {guide.id !== 'none' && (
        <Alert
          severity="info"
          icon={false}
          sx={{ maxWidth: CAPTURE_SIZE, mx: 'auto', width: '100%' }}
        >
          <AlertTitle sx={{ mb: 0.5 }}>{tOverlay(`${guide.key}.name`)}</AlertTitle>
          {tOverlay(`${guide.key}.instructions`)}
        </Alert>
      )}

      {phase === 'camera' && (
        <Box sx={frame} aria-label={t('camera.areaLabel')} role="region">
          <Box
            component="video"
            ref={videoRef}
            autoPlay
            muted
            playsInline
            data-testid="camera-video"
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
          {guideUrl && (
            <Box
              component="img"
              src={guideUrl}
              alt={tOverlay('imageAlt', { name: tOverlay(`${guide.key}.name`) })}
              data-testid="overlay-guide"
              sx={{
                position: 'absolute',
                inset: 0,
                width: '100%',
                height: '100%',
                pointerEvents: 'none',
              }}
            />
          )}
          {cameraState === 'starting' && (
            <Stack
              spacing={1}
              sx={{
                position: 'absolute',
                inset: 0,
                alignItems: 'center',
                justifyContent: 'center',
                color: 'common.white',
              }}
            >
              <CircularProgress color="inherit" size={32} />
              <Typography variant="body2">{t('camera.starting')}</Typography>
            </Stack>
          )}
          {recording && (
            <Box
              role="status"
              sx={{
                position: 'absolute',
                top: 12,
                left: 12,
                px: 1.5,
                py: 0.5,
                borderRadius: 4,
                bgcolor: 'error.main',
                color: 'common.white',
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
              }}
            >
              <FiberManualRecordIcon fontSize="small" />
              <Typography variant="body2">{t('camera.recording', { seconds })}</Typography>
            </Box>
          )}
        </Box>
      )}

      {phase === 'preview' && preview && (
        <Box sx={frame}>
          <CapturedMedia kind={kind} url={preview.url} />
        </Box>
      )}

      {phase === 'uploaded' && (
        <Box>
          {preview && (
            <Box sx={{ ...frame, mb: 2 }}>
              <CapturedMedia kind={kind} url={preview.url} />
            </Box>
          )}
          <Alert
            severity="success"
            icon={<CheckCircleIcon />}
            sx={{ maxWidth: CAPTURE_SIZE, mx: 'auto' }}
            data-testid="media-uploaded"
          >
            {kind === 'photo' ? t('camera.uploadedPhoto') : t('camera.uploadedVideo')}
          </Alert>
        </Box>
      )}

      {uploading && (
        <Box sx={{ maxWidth: CAPTURE_SIZE, mx: 'auto', width: '100%' }} role="status">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('camera.uploading')} {Math.round(progress * 100)}%
          </Typography>
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} />
        </Box>
      )}

      {error && (
        <Alert
          severity="error"
          sx={{ maxWidth: CAPTURE_SIZE, mx: 'auto', width: '100%' }}
          action={
            cameraState === 'error' ? (
              <Button color="inherit" size="small" onClick={() => setCameraAttempt((n) => n + 1)}>
                {t('camera.tryAgain')}
              </Button>
            ) : undefined
          }
        >
          {t(error)}
        </Alert>
      )}
      {uploadError && (
        <Alert
          severity="error"
          sx={{ maxWidth: CAPTURE_SIZE, mx: 'auto', width: '100%' }}
          action={
            preview ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => void upload(preview.blob, preview.filename)}
              >
                {t('camera.tryAgain')}
              </Button>
            ) : undefined
          }
        >
          <AlertTitle>{t('errors.upload')}</AlertTitle>
          {uploadError}
        </Alert>
      )}

      {phase === 'camera' && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {kind === 'photo' ? t('camera.photoHint') : t('camera.videoHint')}
        </Typography>
      )}

      <Stack
        direction="row"
        spacing={1.5}
        sx={{ justifyContent: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        {phase === 'camera' && kind === 'photo' && (
          <Button
            variant="contained"
            startIcon={<CameraAltIcon />}
            onClick={takePhoto}
            disabled={cameraState !== 'live'}
          >
            {t('camera.takePhoto')}
          </Button>
        )}
        {phase === 'camera' && kind === 'video' && !recording && (
          <Button
            variant="contained"
            color="error"
            startIcon={<FiberManualRecordIcon />}
            onClick={startRecording}
            disabled={cameraState !== 'live'}
          >
            {t('camera.startRecording')}
          </Button>
        )}
        {phase === 'camera' && kind === 'video' && recording && (
          <Button
            variant="contained"
            color="error"
            startIcon={<StopIcon />}
            onClick={stopRecording}
          >
            {t('camera.stopRecording')}
          </Button>
        )}
        {phase !== 'camera' && (
          <Button
            variant="outlined"
            startIcon={<ReplayIcon />}
            onClick={retake}
            disabled={uploading}
          >
            {t('camera.retake')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** The photo or video just taken, shown for review and after the upload. */
function CapturedMedia({ kind, url }: { kind: MediaType; url: string }) {
  const { t } = useTranslation('survey');
  if (kind === 'photo') {
    return (
      <Box
        component="img"
        src={url}
        alt={t('camera.previewPhoto')}
        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
    );
  }
  return (
    <Box
      component="video"
      src={url}
      controls
      playsInline
      aria-label={t('camera.previewVideo')}
      sx={{
        width: '100%',
        height: '100%',
        objectFit: 'contain',
        display: 'block',
        bgcolor: 'common.black',
      }}
    />
  );
}
