/**
 * One of MUI's icons as inline SVG (`.icon` in base.css): no MUI needed to draw it. Several
 * paths are drawn one over another (a radio's ring and its dot).
 */
export function Icon({
  path,
  className,
}: {
  path: string | readonly string[];
  className?: string;
}) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      {[path].flat().map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
