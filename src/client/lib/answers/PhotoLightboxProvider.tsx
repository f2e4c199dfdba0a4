import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AdminAnswer } from '../../../shared/contracts/admin-patients';
import { PhotoLightbox } from './PhotoLightbox';
import { PhotoLightboxContext, type PhotoLightboxHandle } from './photo-lightbox-context';

/** A stored photo answer (a video answer has its own player). */
function isPhoto(answer: AdminAnswer): answer is AdminAnswer & { MediaPath: string } {
  if (!answer.MediaPath) return false;
  return (answer.MediaType ?? answer.Question.QuestionType) === 'photo';
}

/** The lightbox over one assessment's answers: next and previous go through all its photos. */
export function PhotoLightboxProvider({
  answers,
  children,
}: {
  answers: AdminAnswer[];
  children: ReactNode;
}) {
  const photos = useMemo(() => answers.filter(isPhoto), [answers]);
  const thumbnails = useRef(new Map<number, HTMLElement>());
  const [openId, setOpenId] = useState<number | null>(null);
  // The photo shown last, whose thumbnail takes the focus back once the dialog is gone.
  const [returnTo, setReturnTo] = useState<number | null>(null);

  const handle = useMemo<PhotoLightboxHandle>(
    () => ({
      open: (answerId) => setOpenId(answerId),
      registerThumbnail: (answerId, element) => {
        if (element) thumbnails.current.set(answerId, element);
        else thumbnails.current.delete(answerId);
      },
    }),
    [],
  );
  const close = useCallback(() => {
    setReturnTo(openId);
    setOpenId(null);
  }, [openId]);
  useEffect(() => {
    if (returnTo === null) return;
    thumbnails.current.get(returnTo)?.focus();
    setReturnTo(null);
  }, [returnTo]);

  const index = photos.findIndex((photo) => photo.ID === openId);
  return (
    <PhotoLightboxContext.Provider value={handle}>
      {children}
      {index >= 0 && (
        <PhotoLightbox
          photos={photos}
          index={index}
          onIndexChange={(next) => setOpenId(photos[next]!.ID)}
          onClose={close}
        />
      )}
    </PhotoLightboxContext.Provider>
  );
}
