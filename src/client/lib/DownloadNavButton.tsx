import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { downloadFile } from './download';

/**
 * A file the signed-in patient downloads from the top bar ("My data", the invoice): a labelled
 * button on wide screens, an icon with its label under it on a phone; a failed download says so
 * in an alert on the page instead of failing silently.
 */
export function DownloadNavButton({
  url,
  filename,
  label,
  hint,
  failedHint,
  icon,
}: {
  url: string;
  filename: string;
  label: string;
  hint: string;
  failedHint: string;
  icon: ReactNode;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const phone = useMediaQuery('(max-width:599.95px)');
  const download = () => {
    setState('busy');
    downloadFile(url, filename).then(
      () => setState('idle'),
      () => setState('failed'),
    );
  };
  // A failure is said on the page, not only in a tooltip a phone never shows.
  const failure = (
    <Snackbar
      open={state === 'failed'}
      onClose={() => setState('idle')}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity="error" role="alert" onClose={() => setState('idle')}>
        {failedHint}
      </Alert>
    </Snackbar>
  );
  if (phone) {
    // On a phone the label stands under the icon: an icon alone says nothing to most people.
    return (
      <>
        <Button
          color="inherit"
          onClick={download}
          disabled={state === 'busy'}
          title={hint}
          sx={{
            flexDirection: 'column',
            minWidth: 0,
            px: 0.75,
            py: 0.25,
            lineHeight: 1.1,
            fontSize: '0.7rem',
            textTransform: 'none',
          }}
        >
          {icon}
          {label}
        </Button>
        {failure}
      </>
    );
  }
  return (
    <>
      <Button
        color="inherit"
        onClick={download}
        disabled={state === 'busy'}
        startIcon={icon}
        title={hint}
      >
        {label}
      </Button>
      {failure}
    </>
  );
}
