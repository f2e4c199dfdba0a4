import { defineMediaType } from '../media-answer';

/** A short video recorded with the camera or chosen from the device. */
export const videoType = defineMediaType('video');
