import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * MUI's theme around code that uses MUI. The page's base styles (MUI's CssBaseline) are plain
 * CSS in `app/base.css`, so the first screens need no MUI at all (docs/architecture.md).
 */
export default function ThemeRoot({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
