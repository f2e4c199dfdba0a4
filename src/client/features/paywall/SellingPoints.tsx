import BoltOutlined from '@mui/icons-material/BoltOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PrivacyTipOutlined from '@mui/icons-material/PrivacyTipOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const POINTS = [
  { key: 'secure', Icon: LockOutlined },
  { key: 'privacy', Icon: PrivacyTipOutlined },
  { key: 'fast', Icon: BoltOutlined },
  { key: 'support', Icon: SupportAgentOutlined },
] as const;

/** The four claims of SPEC section 1, beside the checkout on desktop only. */
export function SellingPoints() {
  const { t } = useTranslation('paywall');
  return (
    <Paper
      component="aside"
      variant="outlined"
      aria-labelledby="selling-points-heading"
      sx={{ p: 3, display: { xs: 'none', md: 'block' }, position: 'sticky', top: 88 }}
      data-testid="selling-points"
    >
      <Typography id="selling-points-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('points.heading')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2.5 }}>
        {POINTS.map(({ key, Icon }) => (
          <Box component="li" key={key} sx={{ display: 'flex', gap: 1.5 }}>
            <Box
              sx={{
                width: 40,
                height: 40,
                borderRadius: 2,
                flexShrink: 0,
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'secondary.main',
                color: 'secondary.contrastText',
              }}
            >
              <Icon fontSize="small" aria-hidden />
            </Box>
            <Box>
              <Typography sx={{ fontWeight: 600 }}>{t(`points.${key}`)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`points.${key}Text`)}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
