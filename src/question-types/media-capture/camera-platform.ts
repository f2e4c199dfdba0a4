import { AUDIO_BITS_PER_SECOND, VIDEO_BITS_PER_SECOND } from '../../shared/constants';

/** Camera and recorder settings per platform (SPEC section 9). */

export function isIOS(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ua = navigator.userAgent;
  // iPadOS reports itself as a Mac with touch.
  return /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

export function isSafari(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ua = navigator.userAgent;
  return /Safari/.test(ua) && !/Chrome|Chromium|CriOS|FxiOS|Edg|Android/.test(ua);
}

/** iOS and Safari share one set of conservative settings; everything else gets desktop ones. */
export const isAppleMobileOrSafari = () => isIOS() || isSafari();

/** A phone or tablet, whose file picker can open its own camera (`capture`). */
export function isPhone(): boolean {
  if (typeof navigator === 'undefined') return false;
  return isIOS() || /Android|Mobi/.test(navigator.userAgent);
}

export const CAPTURE_SIZE = 400;
export const PHOTO_QUALITY = 0.9;
/** SPEC section 9: iOS/Safari record at 1 Mbit/s. */
const APPLE_VIDEO_BITS_PER_SECOND = 1_000_000;
/** A chosen photo is re-encoded at most this many pixels on its longer side. */
export const CHOSEN_PHOTO_MAX_SIDE = 2048;

export function cameraConstraints(withAudio: boolean): MediaStreamConstraints {
  const apple = isAppleMobileOrSafari();
  const video: MediaTrackConstraints = apple
    ? {
        facingMode: 'user',
        width: { ideal: 640, max: 640 },
        height: { ideal: 480, max: 480 },
        frameRate: { ideal: 15, max: 30 },
      }
    : {
        facingMode: 'user',
        width: { ideal: 1920, max: 1920 },
        height: { ideal: 1080, max: 1080 },
        frameRate: { ideal: 30, max: 60 },
      };
  const audio: MediaTrackConstraints | false = withAudio
    ? apple
      ? { sampleRate: 22050, channelCount: 1 }
      : { sampleRate: 44100, channelCount: 2 }
    : false;
  return { video, audio };
}

export interface RecorderPlan {
  options: MediaRecorderOptions;
  /** Milliseconds per data chunk. */
  timeslice: number;
}

/**
 * Preferred container: mp4 on iOS/Safari, webm elsewhere, falling back to what is supported.
 * Every platform records at a capped bitrate (iOS/Safari at the SPEC's 1 Mbit/s, the others at
 * VIDEO_BITS_PER_SECOND), so a minute of video is some 8 to 20 MB, not hundreds.
 */
export function recorderPlan(): RecorderPlan {
  const apple = isAppleMobileOrSafari();
  const candidates = apple
    ? ['video/mp4;codecs=avc1', 'video/mp4', 'video/webm;codecs=vp8,opus', 'video/webm']
    : ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];
  const supported =
    typeof MediaRecorder !== 'undefined' && typeof MediaRecorder.isTypeSupported === 'function'
      ? candidates.find((type) => MediaRecorder.isTypeSupported(type))
      : undefined;
  const options: MediaRecorderOptions = {
    ...(supported ? { mimeType: supported } : {}),
    videoBitsPerSecond: apple ? APPLE_VIDEO_BITS_PER_SECOND : VIDEO_BITS_PER_SECOND,
    audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
  };
  return { options, timeslice: apple ? 100 : 1000 };
}

/** The upload file name of a recording: mp4 when the type says so, otherwise webm. */
export function videoFilename(mimeType: string): string {
  return mimeType.includes('mp4') ? 'video.mp4' : 'video.webm';
}
