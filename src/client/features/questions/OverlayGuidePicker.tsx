import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OVERLAY_GUIDES, type OverlayGuide, type OverlayId } from '../../../shared/overlays';
import '../../lib/admin-i18n/i18n';
import './i18n';

function GuideImage({ guide, size }: { guide: OverlayGuide; size: number }) {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 1,
        // Guides are drawn in white for the camera picture; a dark backdrop stands in for it.
        background: 'linear-gradient(160deg, #37474f, #263238)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {guide.filename && (
        <Box
          component="img"
          src={`/overlays/${guide.filename}`}
          alt=""
          sx={{ width: '90%', height: '90%' }}
        />
      )}
    </Box>
  );
}

/**
 * SPEC section 2: a list of guides with name, description and category, and a preview. Nothing
 * chosen (null) leaves the guide to the question's words; "No guide" is a choice of its own.
 */
export function OverlayGuidePicker({
  value,
  onChange,
}: {
  value: OverlayId | null;
  onChange: (id: OverlayId | null) => void;
}) {
  const { t } = useTranslation(['admin', 'overlays', 'questions']);
  const [preview, setPreview] = useState<OverlayGuide | null>(null);
  const labelId = useId();
  const previewTitleId = useId();
  const name = (guide: OverlayGuide) => t(`overlays:${guide.key}.name`);

  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" component="h3">
        {t('questions.dialog.overlay')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('questions.dialog.overlayHint')}
      </Typography>
      {value === null ? (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="overlay-by-text">
          {t('questions:overlayByText')}
        </Typography>
      ) : (
        <Button size="small" onClick={() => onChange(null)} sx={{ mb: 1 }}>
          {t('questions:overlayClear')}
        </Button>
      )}
      {/* A radio group of labelled rows: the row's label picks the guide, the eye beside it
          (outside the label, so no control sits inside another) opens the preview. */}
      <Box
        role="radiogroup"
        aria-labelledby={labelId}
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          maxHeight: 300,
          overflowY: 'auto',
        }}
      >
        {OVERLAY_GUIDES.map((guide) => (
          <Box
            key={guide.id}
            sx={{
              display: 'flex',
              alignItems: 'center',
              borderBottom: 1,
              borderColor: 'divider',
              bgcolor: value === guide.id ? 'action.selected' : undefined,
              '&:hover': { bgcolor: 'action.hover' },
            }}
          >
            <Box
              component="label"
              data-testid={`overlay-${guide.id}`}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                flexGrow: 1,
                minWidth: 0,
                px: 2,
                py: 0.75,
                cursor: 'pointer',
              }}
            >
              <Radio
                checked={value === guide.id}
                onChange={() => onChange(guide.id)}
                name={labelId}
                size="small"
                slotProps={{ input: { 'aria-label': name(guide) } }}
                sx={{ p: 0.5 }}
              />
              <GuideImage guide={guide} size={44} />
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                    {name(guide)}
                  </Typography>
                  {guide.category && (
                    <Chip
                      size="small"
                      variant="outlined"
                      color="primary"
                      label={t(`overlays:categories.${guide.category}`)}
                    />
                  )}
                </Box>
                <Typography variant="body2" component="span" color="text.secondary">
                  {t(`overlays:${guide.key}.description`)}
                </Typography>
              </Box>
            </Box>
            <IconButton
              aria-label={t('overlayPicker.preview', { name: name(guide) })}
              onClick={() => setPreview(guide)}
              sx={{ mr: 1 }}
            >
              <VisibilityIcon />
            </IconButton>
          </Box>
        ))}
      </Box>

      <Dialog
        open={preview !== null}
        onClose={() => setPreview(null)}
        aria-labelledby={previewTitleId}
        maxWidth="xs"
        fullWidth
      >
        {preview && (
          <>
            <DialogTitle id={previewTitleId}>
              {t('overlayPicker.previewTitle', { name: name(preview) })}
            </DialogTitle>
            <DialogContent>
              <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
                {preview.filename ? (
                  <GuideImage guide={preview} size={260} />
                ) : (
                  <Typography color="text.secondary">{t('overlayPicker.noImage')}</Typography>
                )}
              </Box>
              <Typography variant="subtitle2" component="h3">
                {t('overlayPicker.instructions')}
              </Typography>
              <Typography sx={{ mb: 1.5 }}>{t(`overlays:${preview.key}.instructions`)}</Typography>
              {preview.category && (
                <>
                  <Typography variant="subtitle2" component="h3">
                    {t('overlayPicker.category')}
                  </Typography>
                  <Chip
                    size="small"
                    color="primary"
                    label={t(`overlays:categories.${preview.category}`)}
                    sx={{ mb: 1.5, mt: 0.5 }}
                  />
                </>
              )}
              <Typography variant="subtitle2" component="h3">
                {t('overlayPicker.description')}
              </Typography>
              <Typography>{t(`overlays:${preview.key}.description`)}</Typography>
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
              <Button onClick={() => setPreview(null)}>{t('overlayPicker.close')}</Button>
              <Button
                variant="contained"
                onClick={() => {
                  onChange(preview.id);
                  setPreview(null);
                }}
              >
                {t('overlayPicker.select')}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Box>
  );
}
