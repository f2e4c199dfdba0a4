import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { downloadFile } from './download';
import { PHONE_HEADER_BUTTON_SX } from './phone-header-button';

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
    return (
      <>
        <Button
          color="inherit"
          onClick={download}
          disabled={state === 'busy'}
          title={hint}
          sx={PHONE_HEADER_BUTTON_SX}
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
