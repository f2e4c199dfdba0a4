import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiResumableUpload, isLastingRefusal } from '../../client/lib/api-client';
import { useAuth } from '../../client/lib/auth/auth-context';
import { parseToken } from '../../client/lib/auth/token';
import { mediaUploadResultSchema } from '../../shared/contracts/survey';
import {
  dropPending,
  findPending,
  keepPending,
  pendingKey,
  type PendingRecording,
} from '../../client/lib/pending-recordings';

/**
 * Uploads a capture for a question, resumably: the recording is kept in the browser until the
 * server has it, a cut connection resumes where the server's copy stopped, and a recording kept
 * from an earlier visit (a reload before its upload finished) is restored and its upload resumed
 * when the question is shown again. A recording the server refuses for good (its type, its size)
 * is given up at once, kept or not, and `onRefused` called. Progress, a retrying state and the
 * failure to show.
 */
export function useMediaUpload(
  questionId: number,
  onUploaded: (mediaPath: string) => void,
  onRefused: () => void,
) {
  const { token } = useAuth();
  const assessmentId = parseToken(token)?.assessmentId ?? null;
  const key = assessmentId === null ? null : pendingKey(assessmentId, questionId);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [retrying, setRetrying] = useState(false);
  /** Why the last upload failed (the server's reason when it gave one), or null. */
  const [error, setError] = useState<string | null>(null);
  /** Whether the failed recording stays on the device for another attempt. */
  const [kept, setKept] = useState(false);
  /** A recording kept from an earlier visit, uploading again. */
  const [restored, setRestored] = useState<PendingRecording | null>(null);
  /** The recording being (or last failing to be) uploaded. */
  const current = useRef<PendingRecording | null>(null);

  const send = useCallback(
    async (recording: PendingRecording) => {
      current.current = recording;
      setUploading(true);
      setRetrying(false);
      setError(null);
      try {
        const result = await apiResumableUpload('/api/survey/uploads', recording.blob, {
          // The same recording resumes its upload; a new one (a Retake) starts its own.
          fingerprint: `survey-media:${key ?? questionId}:${recording.savedAt}:${recording.blob.size}`,
          metadata: {
            questionId: String(questionId),
            filename: recording.filename,
            filetype: recording.blob.type.split(';')[0] ?? '',
          },
          schema: mediaUploadResultSchema,
          onProgress: (fraction) => {
            setProgress(fraction);
            setRetrying(false);
          },
          onResumed: setProgress,
          onRetrying: (accepted) => {
            setProgress(accepted);
            setRetrying(true);
          },
        });
        if (key) await dropPending(key);
        current.current = null;
        onUploaded(result.mediaPath);
      } catch (failure) {
        const refused = failure instanceof ApiError && isLastingRefusal(failure.status);
        if (refused) {
          // No attempt can succeed: the recording leaves the device's queue and the question.
          current.current = null;
          setRestored(null);
          if (key) await dropPending(key);
          onRefused();
        }
        setKept(!refused);
        setError(failure instanceof Error ? failure.message : '');
      } finally {
        setUploading(false);
        setRetrying(false);
      }
    },
    [key, questionId, onUploaded, onRefused],
  );

  const upload = useCallback(
    async (blob: Blob, filename: string) => {
      setProgress(0);
      setRestored(null);
      const recording = { blob, filename, savedAt: Date.now() };
      // Kept before the first byte is sent: a reload from now on loses nothing.
      if (key) await keepPending(key, recording);
      await send(recording);
    },
    [key, send],
  );

  // On return to the question, a recording kept from before resumes its upload.
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    if (!key) return;
    let active = true;
    void findPending(key).then((recording) => {
      if (!active || !recording || current.current) return;
      setRestored(recording);
      void sendRef.current(recording);
    });
    return () => {
      active = false;
    };
  }, [key]);

  return {
    uploading,
    progress,
    retrying,
    error,
    kept,
    restored,
    upload,
    /** Continues the failed upload where the server's copy stopped. */
    retry: () => {
      if (current.current) void send(current.current);
    },
    /** A Retake: the kept recording is given up. */
    discard: () => {
      current.current = null;
      setRestored(null);
      setError(null);
      if (key) void dropPending(key);
    },
    clearError: () => setError(null),
    /** A chosen file refused before any upload: shown as a refusal, nothing kept. */
    refuse: (reason: string) => {
      setKept(false);
      setError(reason);
    },
  };
}
