import { useTranslation } from 'react-i18next';
import { Icon } from '../../lib/Icon';

/** MUI's LockOutlined, PrivacyTipOutlined, BoltOutlined and SupportAgentOutlined icons. */
const POINTS = [
  {
    key: 'secure',
    paths: [
      'M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2M9 6c0-1.66 1.34-3 3-3s3 1.34 3 3v2H9zm9 14H6V10h12zm-6-3c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2',
    ],
  },
  {
    key: 'privacy',
    paths: [
      'm12 3.19 7 3.11V11c0 4.52-2.98 8.69-7 9.93-4.02-1.24-7-5.41-7-9.93V6.3zM12 1 3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5zm-1 6h2v2h-2zm0 4h2v6h-2z',
    ],
  },
  {
    key: 'fast',
    paths: [
      'M11 21h-1l1-7H7.5c-.88 0-.33-.75-.31-.78C8.48 10.94 10.42 7.54 13.01 3h1l-1 7h3.51c.4 0 .62.19.4.66C12.97 17.55 11 21 11 21',
    ],
  },
  {
    key: 'support',
    paths: [
      'M21 12.22C21 6.73 16.74 3 12 3c-4.69 0-9 3.65-9 9.28-.6.34-1 .98-1 1.72v2c0 1.1.9 2 2 2h1v-6.1c0-3.87 3.13-7 7-7s7 3.13 7 7V19h-8v2h8c1.1 0 2-.9 2-2v-1.22c.59-.31 1-.92 1-1.64v-2.3c0-.7-.41-1.31-1-1.62',
      'M18 11.03C17.52 8.18 15.04 6 12.05 6c-3.03 0-6.29 2.51-6.03 6.45 2.47-1.01 4.33-3.21 4.86-5.89 1.31 2.63 4 4.44 7.12 4.47',
    ],
  },
] as const;

/** The four claims of SPEC section 1, beside the checkout on desktop only. */
export function SellingPoints() {
  const { t } = useTranslation('paywall');
  return (
    <aside
      className="paper selling-points"
      aria-labelledby="selling-points-heading"
      data-testid="selling-points"
    >
      <h2 id="selling-points-heading" className="selling-points-heading">
        {t('points.heading')}
      </h2>
      <ul className="selling-points-list">
        {POINTS.map(({ key, paths }) => (
          <li key={key}>
            <span className="selling-points-icon">
              <Icon path={paths} />
            </span>
            <div>
              <p className="selling-points-claim">{t(`points.${key}`)}</p>
              <p className="selling-points-text">{t(`points.${key}Text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
