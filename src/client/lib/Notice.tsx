import type { AriaRole, ReactNode } from 'react';
import { Icon } from './Icon';

/** MUI's default alert icons (InfoOutlined, ReportProblemOutlined, ErrorOutline). */
const ICONS = {
  info: 'M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8',
  warning: 'M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z',
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
} as const;

interface Props {
  severity: keyof typeof ICONS;
  role: AriaRole;
  title?: string;
  outlined?: boolean;
  className?: string;
  /** A button at the end of the message, as MUI Alert's `action`. */
  action?: ReactNode;
  lang?: string;
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * A message box with MUI Alert's look (`notice.css`), in plain HTML: the first screens show it
 * without loading MUI.
 */
export function Notice({ severity, title, outlined, className, action, children, ...rest }: Props) {
  const classes = ['notice', `notice-${severity}`, outlined && 'notice-outlined', className];
  return (
    <div className={classes.filter(Boolean).join(' ')} {...rest}>
      <Icon path={ICONS[severity]} className="notice-icon" />
      <div className="notice-message">
        {title && <div className="notice-title">{title}</div>}
        {children}
      </div>
      {action && <div className="notice-action">{action}</div>}
    </div>
  );
}
