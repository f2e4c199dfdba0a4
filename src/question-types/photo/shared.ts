import { defineMediaType } from '../media-answer';

/** A photo taken with the camera or chosen from the device. */
export const photoType = defineMediaType('photo');
