import { findOverlayGuide, type OverlayGuide } from '../../../shared/overlays';

/** Where the browser loads a guide's drawing from, or null for "none". */
export function overlayImageUrl(guide: OverlayGuide | string | null | undefined): string | null {
  const found = typeof guide === 'string' || guide == null ? findOverlayGuide(guide) : guide;
  return found?.filename ? `/overlays/${found.filename}` : null;
}
