import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { isIOS, recorderPlan, videoFilename } from './camera-platform';

/**
 * Records the camera stream into one video of at most `maxSeconds`: the recording stops by
 * itself at the limit and hands on what it has. Leaving the question stops a recording without
 * handing it on; problems are reported as translation keys.
 */
export function useRecorder(
  streamRef: RefObject<MediaStream | null>,
  maxSeconds: number,
  onError: (key: string | null) => void,
  onCapture: (blob: Blob, filename: string) => void,
) {
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const chunksRef = useRef<Blob[]>([]);
  const mountedRef = useRef(true);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      if (recorderRef.current?.state === 'recording') recorderRef.current.stop();
    };
  }, []);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') {
      try {
        recorder.requestData();
      } catch {
        /* some browsers refuse requestData right before stop */
      }
      recorder.stop();
    }
  }, []);

  useEffect(() => {
    if (!recording) return;
    const started = Date.now();
    const timer = setInterval(
      () => setSeconds(Math.min(maxSeconds, Math.floor((Date.now() - started) / 1000))),
      250,
    );
    const limit = setTimeout(stop, maxSeconds * 1000);
    return () => {
      clearInterval(timer);
      clearTimeout(limit);
    };
  }, [recording, maxSeconds, stop]);

  const start = () => {
    const stream = streamRef.current;
    if (!stream) {
      onError('errors.noStream');
      return;
    }
    if (typeof MediaRecorder === 'undefined') {
      onError('errors.unsupported');
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
        onError('errors.startFailed');
        return;
      }
    }
    chunksRef.current = [];
    recorder.ondataavailable = (event) => {
      if (event.data && event.data.size > 0) chunksRef.current.push(event.data);
    };
    recorder.onerror = () => {
      setRecording(false);
      onError('errors.failed');
    };
    recorder.onstop = () => {
      if (!mountedRef.current) return;
      setRecording(false);
      const type = recorder.mimeType || plan.options.mimeType || 'video/webm';
      const blob = new Blob(chunksRef.current, { type });
      chunksRef.current = [];
      if (blob.size === 0) {
        onError(isIOS() ? 'errors.noDataIos' : 'errors.noData');
        return;
      }
      onCapture(blob, videoFilename(type));
    };
    try {
      recorder.start(plan.timeslice);
    } catch {
      onError('errors.startFailed');
      return;
    }
    recorderRef.current = recorder;
    onError(null);
    setSeconds(0);
    setRecording(true);
  };

  return { recording, seconds, remaining: Math.max(0, maxSeconds - seconds), start, stop };
}
