import { createTheme } from '@mui/material/styles';

/** Primary blue, secondary green, radius 8, the platform's own fonts (SPEC section 9). */
export const theme = createTheme({
  palette: {
    primary: { main: '#1565c0' },
    secondary: { main: '#2e7d32' },
    // White on MUI's orange fails WCAG contrast (3.4:1); dark text on it passes (6:1).
    warning: { main: '#ed6c02', contrastText: 'rgba(0, 0, 0, 0.87)' },
    background: { default: '#f5f7fb' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    // Subtitles are text, not headings: MUI would render them as <h6> and break heading order.
    MuiTypography: {
      defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } },
    },
  },
});
