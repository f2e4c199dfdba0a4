import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

/**
 * An icon button of a list row, named by its label and explained by a tooltip (the label, or
 * why the action is not available). The span lets the tooltip show on a disabled button.
 */
export function RowAction({
  label,
  tooltip = label,
  color,
  disabled,
  onClick,
  children,
}: {
  label: string;
  tooltip?: string;
  color?: IconButtonProps['color'];
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={tooltip}>
      <span>
        <IconButton aria-label={label} color={color} disabled={disabled} onClick={onClick}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
