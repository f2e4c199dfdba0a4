import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaType } from '../../shared/constants';
import { cameraConstraints, PHOTO_QUALITY } from './camera-platform';

export type CameraState = 'starting' | 'live' | 'error';

/** getUserMedia's errors for a device without a usable camera, rather than a refusal. */
const NO_CAMERA = new Set(['NotFoundError', 'OverconstrainedError']);

/**
 * The live camera while `active`: starts it (again on `retry`), stops it when inactive or gone,
 * and captures the square photo the patient sees. Problems are reported as translation keys.
 */
export function useCamera(kind: MediaType, active: boolean, onError: (key: string | null) => void) {
  const [state, setState] = useState<CameraState>('starting');
  const [attempt, setAttempt] = useState(0);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    setState('starting');
    onError(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('error');
      onError('errors.noCamera');
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
          if (!cancelled && video.videoWidth > 0) setState('live');
        };
        video.onloadedmetadata = ready;
        video.onresize = ready;
        video.srcObject = stream;
        void video.play().catch(() => undefined);
        ready();
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setState('error');
        onError(NO_CAMERA.has((error as Error).name) ? 'errors.noCamera' : 'errors.permission');
      });
    return () => {
      cancelled = true;
      stop();
    };
  }, [active, kind, attempt, stop, onError]);

  const takePhoto = (onCapture: (blob: Blob, filename: string) => void) => {
    const video = videoRef.current;
    if (!streamRef.current || !video || video.videoWidth === 0) {
      onError('errors.noStream');
      return;
    }
    // The square the patient sees (object-fit: cover), at the camera's full resolution.
    const side = Math.min(video.videoWidth, video.videoHeight);
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext('2d');
    if (!context) {
      onError('errors.noStream');
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
          onError('errors.failed');
          return;
        }
        onCapture(blob, 'photo.jpg');
      },
      'image/jpeg',
      PHOTO_QUALITY,
    );
  };

  return {
    videoRef,
    streamRef,
    state,
    stop,
    takePhoto,
    retry: () => setAttempt((n) => n + 1),
  };
}
