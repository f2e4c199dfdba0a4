/**
 * MUI's indeterminate CircularProgress in plain HTML (`spinner.css`), so that a loading state
 * shown before MUI has loaded needs none of it.
 */
export function Spinner({ size = 40, label }: { size?: number; label?: string }) {
  return (
    <span
      className="spinner"
      role="progressbar"
      aria-label={label}
      aria-hidden={label ? undefined : true}
      style={{ width: size, height: size }}
    >
      <svg viewBox="22 22 44 44">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
