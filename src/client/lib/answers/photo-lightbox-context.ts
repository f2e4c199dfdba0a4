import { createContext, useContext } from 'react';

/**
 * How a photo thumbnail in the answers table opens the assessment's lightbox: it registers its
 * element (focus goes back to it when the lightbox closes) and opens at its answer.
 */
export interface PhotoLightboxHandle {
  open(answerId: number): void;
  registerThumbnail(answerId: number, element: HTMLElement | null): void;
}

export const PhotoLightboxContext = createContext<PhotoLightboxHandle | null>(null);

/** The lightbox of the answers around, or null where a photo is shown on its own. */
export function usePhotoLightbox(): PhotoLightboxHandle | null {
  return useContext(PhotoLightboxContext);
}
