import { z } from 'zod';
import { singleLine } from './common';

/**
 * What the capture assistant measured when a photo was taken or a video recorded (issue 31),
 * stored in the photo or video answer's value. Numbers only: no frame and no landmark leaves
 * the patient's device. Angles in degrees, sizes relative to the capture area's side.
 */
export const captureCheckSchema = z.strictObject({
  /** The pose held when the shutter was pressed (photo) or in most of the recording (video). */
  confirmed: z.boolean(),
  yaw: z.number().min(-180).max(180).nullable(),
  pitch: z.number().min(-180).max(180).nullable(),
  roll: z.number().min(-180).max(180).nullable(),
  /** Inner-lip gap relative to the face's height. */
  mouthOpening: z.number().min(0).max(1).nullable(),
  /** The face's height relative to the capture area's side. */
  faceSize: z.number().min(0).max(2).nullable(),
  /** Video only: the share of checked frames in which the pose held. */
  shareInPose: z.number().min(0).max(1).nullable(),
  model: singleLine().min(1).max(80),
});
export type CaptureCheck = z.infer<typeof captureCheckSchema>;

/** The check stored in an answer's value, when there is a valid one. */
export function captureCheckOf(value: unknown): CaptureCheck | null {
  if (!value || typeof value !== 'object') return null;
  const parsed = captureCheckSchema.safeParse((value as { captureCheck?: unknown }).captureCheck);
  return parsed.success ? parsed.data : null;
}
