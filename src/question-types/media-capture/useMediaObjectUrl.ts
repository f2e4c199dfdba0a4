import { useEffect, useState } from 'react';
import { apiFile } from '../../client/lib/api-client';

export type MediaState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; url: string };

/**
 * A stored photo or video fetched with the signed-in token and shown through an object URL
 * (SPEC section 6: viewing media needs the token): the patient's own take, small enough to
 * fetch whole. The admin's player streams from a signed link instead (`useSignedMediaUrl`).
 * Nothing is fetched while `url` is null; the object URL is released when no longer shown.
 */
export function useMediaObjectUrl(url: string | null): MediaState {
  const [state, setState] = useState<{ url: string | null; media: MediaState }>({
    url: null,
    media: { status: 'loading' },
  });
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let objectUrl: string | undefined;
    apiFile(url, { signal: controller.signal })
      .then(({ blob }) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ url, media: { status: 'ready', url: objectUrl } });
      })
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        // SPEC section 8: a media failure is logged to the console only (and shown as such).
        console.error('Failed to load media', error);
        setState({ url, media: { status: 'error' } });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state.url === url ? state.media : { status: 'loading' };
}
