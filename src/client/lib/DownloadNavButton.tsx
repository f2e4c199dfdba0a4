import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from './download';
import { Icon } from './Icon';
import { Notice } from './Notice';

/** MUI's Close icon. */
const CLOSE =
  'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';

/**
 * A file the signed-in patient downloads from the top bar ("My data", the invoice): a labelled
 * button on wide screens, an icon with its label under it on a phone (`shell.css`); a failed
 * download says so in an alert on the page instead of failing silently.
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
  /** An icon's SVG path. */
  icon: string;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = () => {
    setState('busy');
    downloadFile(url, filename).then(
      () => setState('idle'),
      () => setState('failed'),
    );
  };
  return (
    <>
      <button
        type="button"
        className="button button-inherit header-button"
        onClick={download}
        disabled={state === 'busy'}
        title={hint}
      >
        <span className="button-start-icon">
          <Icon path={icon} />
        </span>
        {label}
      </button>
      {/* A failure is said on the page, not only in a tooltip a phone never shows. */}
      {state === 'failed' && (
        <Notice
          severity="error"
          role="alert"
          className="header-failure"
          action={
            <button
              type="button"
              className="button button-small button-inherit header-failure-close"
              aria-label={t('close')}
              title={t('close')}
              onClick={() => setState('idle')}
            >
              <Icon path={CLOSE} />
            </button>
          }
        >
          {failedHint}
        </Notice>
      )}
    </>
  );
}
