import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Disclaimer } from '../../lib/Disclaimer';
import { LanguageSelector } from '../../lib/LanguageSelector';
import { lazyThemed } from '../../lib/mui/lazy-themed';
import { Notice } from '../../lib/Notice';
import { RenderSlice } from '../../lib/render-slices';
import { AccessCodeButton } from './AccessCodeButton';
import './i18n';
import { PaywallWizard } from './PaywallWizard';
import { SellingPoints } from './SellingPoints';
import { SessionEndedNotice } from './SessionEndedNotice';

// Only returning patients open the access-code dialog: its code, with MUI, arrives when they
// reach for it.
const loadAccessCodeDialog = () => import('./AccessCodeDialog');
const AccessCodeDialog = lazyThemed(loadAccessCodeDialog);

/** The paywall (`/`): plain HTML with the CSS of `paywall.css`, no MUI before the first input. */
export function PaywallPage() {
  const { t } = useTranslation(['paywall', 'common']);
  const [accessCodeOpen, setAccessCodeOpen] = useState(false);
  // Mounted from the first opening on, so closing it still plays its transition.
  const [accessCodeUsed, setAccessCodeUsed] = useState(false);
  const location = useLocation();
  const verificationFailed = (location.state as { verificationFailed?: boolean | string } | null)
    ?.verificationFailed;
  return (
    <div className="container paywall">
      <div className="paywall-top">
        <RenderSlice>
          <div className="paywall-intro">
            <h1 className="paywall-title">{t('title')}</h1>
            <p className="paywall-subtitle">{t('subtitle')}</p>
            <AccessCodeButton
              onPrefetch={() => void loadAccessCodeDialog()}
              onOpen={() => {
                setAccessCodeUsed(true);
                setAccessCodeOpen(true);
              }}
            />
          </div>
        </RenderSlice>
        <RenderSlice>
          <div className="paywall-language">
            <LanguageSelector />
          </div>
        </RenderSlice>
      </div>
      {/* Waits for the practice's time zone only when it shows a refund's day. */}
      <Suspense fallback={null}>
        <SessionEndedNotice />
      </Suspense>
      {verificationFailed && (
        <Notice severity="warning" role="alert" className="paywall-notice">
          {typeof verificationFailed === 'string' ? verificationFailed : t('verificationFailed')}
        </Notice>
      )}
      <div className="paywall-columns">
        <div className="paper paywall-checkout">
          <PaywallWizard />
        </div>
        <RenderSlice>
          <div className="paywall-side">
            <Disclaimer />
            <SellingPoints />
          </div>
        </RenderSlice>
      </div>
      {accessCodeUsed && (
        <Suspense fallback={null}>
          <AccessCodeDialog open={accessCodeOpen} onClose={() => setAccessCodeOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
