import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Disclaimer } from '../../lib/Disclaimer';
import { LanguageSelector } from '../../lib/LanguageSelector';
import { RenderSlice } from '../../lib/render-slices';
import { AccessCodeButton } from './AccessCodeButton';
import './i18n';
import { PaywallWizard } from './PaywallWizard';
import { SellingPoints } from './SellingPoints';
import { SessionEndedNotice } from './SessionEndedNotice';

// Only returning patients open the access-code dialog: its code arrives when they reach for it.
const loadAccessCodeDialog = () => import('./AccessCodeDialog');
const AccessCodeDialog = lazy(loadAccessCodeDialog);

export function PaywallPage() {
  const { t } = useTranslation(['paywall', 'common']);
  const [accessCodeOpen, setAccessCodeOpen] = useState(false);
  // Mounted from the first opening on, so closing it still plays its transition.
  const [accessCodeUsed, setAccessCodeUsed] = useState(false);
  const location = useLocation();
  const verificationFailed = (location.state as { verificationFailed?: boolean | string } | null)
    ?.verificationFailed;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 5 } }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column-reverse', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'flex-start' },
          justifyContent: 'space-between',
          gap: 2,
          mb: { xs: 3, md: 4 },
        }}
      >
        <RenderSlice>
          <Box sx={{ maxWidth: 720 }}>
            <Typography
              variant="h3"
              component="h1"
              sx={{ fontWeight: 700, fontSize: { xs: '1.7rem', md: '2.4rem' }, lineHeight: 1.2 }}
            >
              {t('title')}
            </Typography>
            <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 1 }}>
              {t('subtitle')}
            </Typography>
            <AccessCodeButton
              onPrefetch={() => void loadAccessCodeDialog()}
              onOpen={() => {
                setAccessCodeUsed(true);
                setAccessCodeOpen(true);
              }}
            />
          </Box>
        </RenderSlice>
        <RenderSlice>
          <Box sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' }, flexShrink: 0 }}>
            <LanguageSelector />
          </Box>
        </RenderSlice>
      </Box>
      <SessionEndedNotice />
      {verificationFailed && (
        <Alert severity="warning" role="alert" sx={{ mb: 3 }}>
          {typeof verificationFailed === 'string' ? verificationFailed : t('verificationFailed')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3, md: 4 } }}>
          <PaywallWizard />
        </Paper>
        <RenderSlice>
          <Box sx={{ display: 'grid', gap: 3 }}>
            <Disclaimer />
            <SellingPoints />
          </Box>
        </RenderSlice>
      </Box>
      {accessCodeUsed && (
        <Suspense fallback={null}>
          <AccessCodeDialog open={accessCodeOpen} onClose={() => setAccessCodeOpen(false)} />
        </Suspense>
      )}
    </Container>
  );
}
