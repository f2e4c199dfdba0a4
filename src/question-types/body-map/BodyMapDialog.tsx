import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewDialog } from '../../client/lib/dialogs/ViewDialog';
import { BodyDiagram, type DiagramDot } from '../../client/lib/body-diagram';
import type { BodyView } from '../../shared/symptoms';
import { ADMIN_TEXTS } from './admin-texts';

/** SPEC section 9: the dialog is 80vh high, 70vh on medium and 60vh on small screens. */
const DIALOG_HEIGHT = { xs: '100%', sm: '60vh', md: '70vh', lg: '80vh' };
/** The diagrams take what the title, buttons and view headings leave. */
const DIAGRAM_HEIGHT = {
  xs: '60vh',
  sm: 'max(290px, calc(60vh - 190px))',
  md: 'calc(70vh - 190px)',
  lg: 'calc(80vh - 190px)',
};

export interface BodyMapDiagram {
  view: BodyView;
  heading: string;
  alt: string;
  dots: DiagramDot[];
}

/**
 * The Pain Symptoms Visualization dialog of the pain map and the symptom list: one or two body
 * diagrams, then the colour legend and whatever the answer adds below it.
 */
export function BodyMapDialog({
  diagrams,
  legend,
  children,
  onClose,
}: {
  diagrams: BodyMapDiagram[];
  /** Each intensity's label and dot colour. */
  legend: readonly (readonly [label: string, color: string])[];
  children?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation(ADMIN_TEXTS);
  const twoViews = diagrams.length > 1;

  return (
    <ViewDialog
      title={t('title')}
      maxWidth="lg"
      paperSx={{ height: DIALOG_HEIGHT, minHeight: { sm: 480 } }}
      onClose={onClose}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: twoViews
            ? { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 260px' }
            : { xs: '1fr', sm: '1fr 240px' },
          alignItems: 'start',
        }}
      >
        {diagrams.map((diagram) => (
          <Box key={diagram.view} sx={{ textAlign: 'center' }}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {diagram.heading}
            </Typography>
            <BodyDiagram
              view={diagram.view}
              dots={diagram.dots}
              alt={diagram.alt}
              height={DIAGRAM_HEIGHT}
            />
          </Box>
        ))}
        <Box sx={twoViews ? { gridColumn: { sm: '1 / -1', md: 'auto' } } : undefined}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('legend')}
          </Typography>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, mb: 2 }}>
            {legend.map(([label, color]) => (
              <Box key={label} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: color }} />
                <Typography variant="body2">{label}</Typography>
              </Box>
            ))}
          </Box>
          {children}
        </Box>
      </Box>
    </ViewDialog>
  );
}
