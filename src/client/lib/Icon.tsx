/** One of MUI's icons as an inline SVG path (`.icon` in base.css): no MUI needed to draw it. */
export function Icon({ path, className }: { path: string; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
