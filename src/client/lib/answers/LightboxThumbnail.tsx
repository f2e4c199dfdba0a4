import ButtonBase from '@mui/material/ButtonBase';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../admin-i18n/i18n';
import { usePhotoLightbox } from './photo-lightbox-context';

/**
 * A photo in the answers table as the button that opens it in the assessment's lightbox; the
 * photo on its own (no lightbox around) stays a plain picture.
 */
export function LightboxThumbnail({
  answerId,
  question,
  enabled,
  children,
}: {
  answerId: number;
  question: string;
  /** False where the photo is already shown large (the answer's details dialog). */
  enabled: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const lightbox = usePhotoLightbox();
  if (!lightbox || !enabled) return children;
  return (
    <ButtonBase
      ref={(element: HTMLButtonElement | null) => lightbox.registerThumbnail(answerId, element)}
      aria-label={t('responses.lightbox.open', { question })}
      aria-haspopup="dialog"
      onClick={() => lightbox.open(answerId)}
      data-testid="photo-thumbnail"
      sx={{
        borderRadius: 1,
        cursor: 'zoom-in',
        '&.Mui-focusVisible': { outline: 3, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </ButtonBase>
  );
}
