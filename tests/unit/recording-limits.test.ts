import { afterEach, describe, expect, it, vi } from 'vitest';
import { recorderPlan } from '../../src/question-types/media-capture/camera-platform';
import { RECORDING_SECONDS } from '../../src/shared/constants';

const MB = 1_000_000;

/** The most a recording of `seconds` takes at the plan's bitrates. */
const bytesOf = (options: MediaRecorderOptions, seconds: number) =>
  ((options.videoBitsPerSecond! + options.audioBitsPerSecond!) * seconds) / 8;

afterEach(() => vi.unstubAllGlobals());

describe('recording limits', () => {
  it('caps the bitrate on every platform, so a default-length video stays well under 50 MB', () => {
    const desktop = recorderPlan().options;
    expect(desktop.videoBitsPerSecond).toBe(2_500_000);
    expect(bytesOf(desktop, RECORDING_SECONDS.default)).toBeLessThan(25 * MB);

    vi.stubGlobal('navigator', {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15',
      maxTouchPoints: 5,
    });
    const iphone = recorderPlan();
    expect(iphone.options).toMatchObject({
      videoBitsPerSecond: 1_000_000,
      audioBitsPerSecond: 128_000,
    });
    expect(iphone.timeslice).toBe(100);
    expect(bytesOf(iphone.options, RECORDING_SECONDS.default)).toBeLessThan(10 * MB);
  });

  it('keeps the longest recording a question may allow within one upload', () => {
    // MEDIA_MAX_BYTES defaults to 250 MB.
    expect(bytesOf(recorderPlan().options, RECORDING_SECONDS.max)).toBeLessThan(250 * 1024 * 1024);
  });
});
