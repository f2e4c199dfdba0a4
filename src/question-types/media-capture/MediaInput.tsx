import CameraAltIcon from '@mui/icons-material/CameraAlt';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import ReplayIcon from '@mui/icons-material/Replay';
import StopIcon from '@mui/icons-material/Stop';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import '../../client/lib/overlays/i18n';
import { RECORDING_SECONDS, type MediaType } from '../../shared/constants';
import { findOverlayGuide } from '../../shared/overlays';
import type { SurveyInputProps } from '../question-type.client';
import { bringCaptureIntoView } from './bring-into-view';
import { CAPTURE_SIZE, isPhone } from './camera-platform';
import { CameraView, clock } from './CameraView';
import { ACCEPTED_FILES, acceptedFormats, chosenUpload } from './chosen-file';
import { CapturedMedia, SavedMedia } from './MediaPreview';
import { AutoCaptureSwitch, CountdownNumber } from './pose-check/AutoCapture';
import { PoseOutline, PoseInstructionLine } from './pose-check/PoseFeedback';
import { POSE_CHECK_TEXTS } from './pose-check/survey-texts';
import { useAutoCapture } from './pose-check/useAutoCapture';
import { usePoseCheck } from './pose-check/usePoseCheck';
import type { CaptureCheck } from '../../shared/contracts/capture-check';
import { SURVEY_TEXTS } from './survey-texts';
import { useCamera } from './useCamera';
import { useMediaUpload } from './useMediaUpload';
import { useRecorder } from './useRecorder';

/**
 * capture: the live camera (or, without one, the file picker); preview: what was just taken or
 * chosen, while it uploads; saved: the answer's photo or video, which Retake replaces.
 */
type Phase = 'capture' | 'preview' | 'saved';

const narrow = { maxWidth: CAPTURE_SIZE, mx: 'auto', width: '100%' } as const;

/**
 * Live camera with a pose guide, capture or recording within the question's time limit, or a
 * file chosen instead; the upload makes it the answer at once, and a returning patient sees it
 * again with Retake. The camera, the recorder and the upload are hooks; this file is the view
 * and the phase.
 */
export default function MediaInput({
  question,
  draft,
  onChange,
  onBusyChange,
}: SurveyInputProps<MediaType>) {
  const { t } = useTranslation(SURVEY_TEXTS);
  const { t: tOverlay } = useTranslation('overlays');
  const { t: tPose } = useTranslation(POSE_CHECK_TEXTS);
  const kind = question.questionType;
  const guide = findOverlayGuide(question.overlay) ?? findOverlayGuide('none')!;
  const maxSeconds = question.maxRecordingSeconds ?? RECORDING_SECONDS.default;
  const fileInput = useRef<HTMLInputElement | null>(null);
  const area = useRef<HTMLDivElement | null>(null);
  /** The shutter or record button. */
  /** The row of the shutter and its neighbours ("take anyway" may wrap below it on a phone). */
  const controls = useRef<HTMLDivElement | null>(null);

  const [phase, setPhase] = useState<Phase>(draft.mediaPath ? 'saved' : 'capture');
  /** Translation key of the camera or recording problem shown. */
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ url: string; blob: Blob; filename: string } | null>(
    null,
  );

  const camera = useCamera(kind, phase === 'capture', setError);
  /** The pose check of what is being uploaded; none for a chosen file. */
  const captureCheck = useRef<CaptureCheck | null>(null);
  const uploaded = useCallback(
    (path: string) => {
      onChange({ mediaType: kind, mediaPath: path, captureCheck: captureCheck.current });
      setPhase('saved');
    },
    [kind, onChange],
  );
  // Refused for good: back to the camera and the file picker, for another photo or video.
  const refused = useCallback(() => {
    setPreview(null);
    setPhase('capture');
  }, []);
  const upload = useMediaUpload(question.id, uploaded, refused);

  const showCapture = (blob: Blob, filename: string) => {
    camera.stop();
    setError(null);
    setPreview({ url: URL.createObjectURL(blob), blob, filename });
    setPhase('preview');
    void upload.upload(blob, filename);
  };
  const videoCheck = useRef<() => CaptureCheck | null>(() => null);
  const recorder = useRecorder(camera.streamRef, maxSeconds, setError, (blob, filename) => {
    captureCheck.current = videoCheck.current();
    showCapture(blob, filename);
  });
  const { recording } = recorder;
  const pose = usePoseCheck(
    camera.videoRef,
    guide.id,
    phase === 'capture' && camera.state === 'live',
    recording,
  );
  videoCheck.current = pose.videoCheck;
  /** The shutter waits for the pose while the check runs; "take anyway" never waits. */
  const waitsForPose = pose.state === 'loading' || (pose.state === 'checking' && !pose.ready);
  const takePhoto = (confirmed: boolean) => {
    captureCheck.current = pose.photoCheck(confirmed);
    camera.takePhoto(showCapture);
  };
  /** The patient's choice of the automatic capture, kept while the question is open. */
  const [autoCapture, setAutoCapture] = useState(false);
  const countdown = useAutoCapture(
    autoCapture && phase === 'capture' && kind === 'photo' && pose.state === 'checking',
    pose.ready,
    () => takePhoto(true),
  );
  const { uploading, progress, restored } = upload;

  // A recording kept from an earlier visit is shown while its upload resumes.
  useEffect(() => {
    if (!restored) return;
    setPreview({
      url: URL.createObjectURL(restored.blob),
      blob: restored.blob,
      filename: restored.filename,
    });
    setPhase('preview');
  }, [restored]);

  useEffect(() => onBusyChange(uploading || recording), [uploading, recording, onBusyChange]);

  // Release the preview's memory when it is replaced or the question is left.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a refusal.
    event.target.value = '';
    if (!file) return;
    const chosen = await chosenUpload(kind, file);
    if (!chosen) {
      upload.refuse(
        t(kind === 'photo' ? 'errors.wrongFilePhoto' : 'errors.wrongFileVideo', {
          formats: acceptedFormats(kind),
        }),
      );
      return;
    }
    captureCheck.current = null;
    showCapture(chosen.blob, chosen.filename);
  };

  // The saved answer stays the answer until a new photo or video has uploaded.
  const retake = () => {
    setPreview(null);
    upload.discard();
    setError(null);
    setPhase('capture');
    camera.retry();
  };
  const keepSaved = () => {
    setError(null);
    setPhase('saved');
  };

  // When the question opens, and again once the camera runs (its messages may move the button),
  // the camera and its button come into view; after the survey page's own scroll to the top.
  const capturing = phase === 'capture';
  const cameraState = camera.state;
  useEffect(() => {
    if (!capturing || cameraState === 'error') return;
    const frame = requestAnimationFrame(() => {
      if (area.current && controls.current) bringCaptureIntoView(area.current, controls.current);
    });
    return () => cancelAnimationFrame(frame);
  }, [capturing, cameraState]);

  const cameraMissing = phase === 'capture' && camera.state === 'error';
  const isPhoto = kind === 'photo';

  return (
    <Stack ref={area} spacing={2} sx={{ alignItems: 'center', '& > *': { width: '100%' } }}>
      {phase === 'capture' && (
        <Alert severity="info" icon={false} sx={narrow} data-testid="pose-instructions">
          {guide.id !== 'none' && (
            <AlertTitle sx={{ mb: 0.5 }}>{tOverlay(`${guide.key}.name`)}</AlertTitle>
          )}
          {tOverlay(`${guide.key}.instructions`)}
        </Alert>
      )}

      {phase === 'capture' && !cameraMissing && (
        <CameraView
          videoRef={camera.videoRef}
          state={camera.state}
          guide={guide}
          recording={
            recording ? { elapsed: recorder.seconds, remaining: recorder.remaining } : null
          }
        >
          <PoseOutline check={pose} />
          <CountdownNumber countdown={countdown} />
        </CameraView>
      )}
      {phase === 'capture' && !cameraMissing && (
        <PoseInstructionLine check={pose} recording={recording} />
      )}

      {phase !== 'capture' && preview && (
        <CapturedMedia
          kind={kind}
          url={preview.url}
          alt={isPhoto ? t('previewPhoto') : t('previewVideo')}
        />
      )}
      {phase === 'saved' && !preview && draft.mediaPath && (
        <SavedMedia kind={kind} mediaPath={draft.mediaPath} />
      )}

      {phase === 'saved' && (
        <Alert
          severity="success"
          icon={<CheckCircleIcon />}
          sx={{ maxWidth: CAPTURE_SIZE, mx: 'auto' }}
          data-testid="media-uploaded"
        >
          {isPhoto ? t('uploadedPhoto') : t('uploadedVideo')}
        </Alert>
      )}

      {restored && phase === 'preview' && (
        <Alert severity="info" sx={narrow} data-testid="upload-restored">
          {t('uploadRestored')}
        </Alert>
      )}

      {uploading && (
        <Box sx={narrow} role="status" data-testid="upload-progress">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('uploading')} {Math.round(progress * 100)}%
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(progress * 100)}
            aria-label={t('uploading')}
          />
          {upload.retrying && (
            <Typography
              variant="body2"
              color="warning.dark"
              sx={{ mt: 0.5 }}
              data-testid="upload-retrying"
            >
              {t('uploadRetrying')}
            </Typography>
          )}
        </Box>
      )}

      {error && (
        <Alert
          severity="error"
          sx={narrow}
          action={
            camera.state === 'error' ? (
              <Button color="inherit" size="small" onClick={camera.retry}>
                {t('tryAgain')}
              </Button>
            ) : undefined
          }
        >
          {t(error)}
        </Alert>
      )}
      {cameraMissing && (
        <Typography variant="body2" sx={{ ...narrow, textAlign: 'center' }}>
          {isPhoto ? t('fallbackPhoto') : t('fallbackVideo')}
        </Typography>
      )}
      {upload.error !== null && (
        <Alert
          severity="error"
          sx={narrow}
          data-testid="upload-failed"
          action={
            upload.kept && preview ? (
              <Button color="inherit" size="small" onClick={upload.retry}>
                {t('resumeUpload')}
              </Button>
            ) : undefined
          }
        >
          <AlertTitle>{isPhoto ? t('errors.uploadPhoto') : t('errors.uploadVideo')}</AlertTitle>
          {upload.error}
          {upload.kept && preview && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('uploadKept')}
            </Typography>
          )}
        </Alert>
      )}

      <Stack
        ref={controls}
        direction="row"
        spacing={1.5}
        sx={{ justifyContent: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        {phase === 'capture' && isPhoto && (
          <Button
            variant="contained"
            startIcon={<CameraAltIcon />}
            onClick={() => takePhoto(true)}
            disabled={camera.state !== 'live' || waitsForPose}
          >
            {t('takePhoto')}
          </Button>
        )}
        {phase === 'capture' && isPhoto && camera.state === 'live' && waitsForPose && (
          <Button variant="outlined" onClick={() => takePhoto(false)}>
            {tPose('takeAnyway')}
          </Button>
        )}
        {phase === 'capture' && !isPhoto && !recording && (
          <Button
            variant="contained"
            color="error"
            startIcon={<FiberManualRecordIcon />}
            onClick={recorder.start}
            disabled={camera.state !== 'live'}
          >
            {t('startRecording')}
          </Button>
        )}
        {phase === 'capture' && !isPhoto && recording && (
          <Button
            variant="contained"
            color="error"
            startIcon={<StopIcon />}
            onClick={recorder.stop}
          >
            {t('stopRecording')}
          </Button>
        )}
        {phase === 'capture' && !recording && (
          <Button
            variant={cameraMissing ? 'contained' : 'outlined'}
            startIcon={<FileUploadIcon />}
            onClick={() => fileInput.current?.click()}
          >
            {t('chooseFile')}
          </Button>
        )}
        {phase === 'capture' && !recording && draft.mediaPath && (
          <Button startIcon={<UndoIcon />} onClick={keepSaved}>
            {isPhoto ? t('keepPhoto') : t('keepVideo')}
          </Button>
        )}
        {phase !== 'capture' && (
          <Button
            variant="outlined"
            startIcon={<ReplayIcon />}
            onClick={retake}
            disabled={uploading}
          >
            {t('retake')}
          </Button>
        )}
      </Stack>
      {/* Below the shutter, not between pose and button: on a phone in German the camera and
          its button must still fit on one screen (the camera-in-view test measures it). */}
      {phase === 'capture' &&
        isPhoto &&
        (pose.state === 'loading' || pose.state === 'checking') && (
          <AutoCaptureSwitch on={autoCapture} onChange={setAutoCapture} countdown={countdown} />
        )}
      {/* Under the button: what to do while it is pressed, and never between pose and button. */}
      {phase === 'capture' && !cameraMissing && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {isPhoto ? t('photoHint') : t('videoHint', { limit: clock(maxSeconds) })}
        </Typography>
      )}
      <Box
        component="input"
        ref={fileInput}
        type="file"
        accept={ACCEPTED_FILES[kind]}
        {...(isPhone() ? { capture: 'user' } : {})}
        onChange={(event: ChangeEvent<HTMLInputElement>) => void chooseFile(event)}
        aria-label={t('chooseFile')}
        data-testid="media-file-input"
        sx={{ display: 'none' }}
      />
    </Stack>
  );
}
