import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiRequest } from '../../client/lib/api-client';
import { mediaLinkSchema } from '../../shared/contracts/admin-patients';

export type SignedMediaState =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'error' }
  | { status: 'ready'; url: string; issuedAt: number };

/**
 * A short-lived signed URL for one stored file (POST /api/admin/media-links), which <img> and
 * <video> load directly: a video then streams with ranges instead of arriving whole in a blob.
 * `renew` asks for a fresh link, for a player that outlived its link.
 */
export function useSignedMediaUrl(path: string): { media: SignedMediaState; renew: () => void } {
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState<{ key: string; media: SignedMediaState }>({
    key: '',
    media: { status: 'loading' },
  });
  const key = `${path}#${generation}`;
  useEffect(() => {
    const controller = new AbortController();
    apiRequest('/api/admin/media-links', {
      method: 'POST',
      body: { path },
      schema: mediaLinkSchema,
      signal: controller.signal,
    })
      .then(({ url }) => setState({ key, media: { status: 'ready', url, issuedAt: Date.now() } }))
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        // SPEC section 8: a media failure is logged to the console only (and shown as such).
        console.error('Failed to load media', error);
        const unavailable = error instanceof ApiError && error.status === 404;
        setState({ key, media: { status: unavailable ? 'unavailable' : 'error' } });
      });
    return () => controller.abort();
  }, [path, key]);
  const renew = useCallback(() => setGeneration((value) => value + 1), []);
  return { media: state.key === key ? state.media : { status: 'loading' }, renew };
}
