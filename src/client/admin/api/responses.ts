import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  adminAccessCodeResponsesSchema,
  adminResponsesPageSchema,
} from '../../../shared/contracts/admin-responses';
import { apiRequest, authHeaders } from '../../lib/api-client';

export const PAGE_SIZE = 25;

/** The case report of one assessment (a PDF in the admin's language). */
export const reportUrl = (accessCodeId: number) =>
  `/api/admin/assessments/${accessCodeId}/report.pdf`;

export function useResponsePage(page: number, search: string) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  if (search) params.set('search', search);
  return useQuery({
    queryKey: ['admin', 'responses', page, search],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/responses?${params.toString()}`, {
        schema: adminResponsesPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One assessment's answers, fetched only once its accordion is opened. */
export function useAccessCodeResponses(accessCodeId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'responses', 'access-code', accessCodeId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/responses/access-codes/${accessCodeId}`, {
        schema: adminAccessCodeResponsesSchema,
        signal,
      }),
    enabled,
  });
}

export type MediaState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; url: string; type: string };

/**
 * A stored photo or video fetched with the admin's token and shown through an object URL
 * (SPEC section 6: viewing media needs the token). The URL is released when no longer shown.
 */
export function useMediaObjectUrl(mediaPath: string | null): MediaState {
  const [state, setState] = useState<{ path: string | null; media: MediaState }>({
    path: null,
    media: { status: 'loading' },
  });
  useEffect(() => {
    if (!mediaPath) return;
    const controller = new AbortController();
    let url: string | undefined;
    fetch(`/api/admin/media/${mediaPath}`, { headers: authHeaders(), signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const blob = await response.blob();
        url = URL.createObjectURL(blob);
        setState({ path: mediaPath, media: { status: 'ready', url, type: blob.type } });
      })
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        // SPEC section 8: a media failure is logged to the console only (and shown as such).
        console.error('Failed to load media', error);
        setState({ path: mediaPath, media: { status: 'error' } });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [mediaPath]);
  return state.path === mediaPath ? state.media : { status: 'loading' };
}
