import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { downloadFile } from './download';

/**
 * A file the signed-in patient downloads from the top bar ("My data", the invoice): a labelled
 * button on wide screens, an icon with its label for screen readers on a phone; a failed
 * download says so in the hint instead of failing silently.
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
  const title = state === 'failed' ? failedHint : hint;
  if (phone) {
    return (
      <IconButton
        color="inherit"
        onClick={download}
        disabled={state === 'busy'}
        aria-label={label}
        title={title}
      >
        {icon}
      </IconButton>
    );
  }
  return (
    <Button
      color="inherit"
      onClick={download}
      disabled={state === 'busy'}
      startIcon={icon}
      title={title}
      sx={state === 'failed' ? { color: 'warning.light' } : undefined}
    >
      {label}
    </Button>
  );
}
