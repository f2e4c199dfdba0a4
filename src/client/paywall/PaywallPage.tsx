import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelector } from '../app/LanguageSelector';
import { AccessCodeDialog } from '../auth/AccessCodeDialog';
import './i18n';

export function PaywallPage() {
  const { t } = useTranslation(['paywall', 'common']);
  const [accessCodeOpen, setAccessCodeOpen] = useState(false);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <LanguageSelector />
      </Box>
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '1.8rem', md: '2.6rem' } }}
      >
        {t('title')}
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 1 }}>
        {t('subtitle')}
      </Typography>
      <Button variant="text" sx={{ mt: 2 }} onClick={() => setAccessCodeOpen(true)}>
        {t('common:accessCode.open')}
      </Button>
      <AccessCodeDialog open={accessCodeOpen} onClose={() => setAccessCodeOpen(false)} />
    </Container>
  );
}
