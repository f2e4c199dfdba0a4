import { Spinner } from '../../lib/Spinner';
import { useHydrated } from '../../lib/use-hydrated';

/** The details step's submit button, which becomes one only once the page has hydrated. */
export function DetailsSubmitButton({ busy, label }: { busy: boolean; label: string }) {
  const hydrated = useHydrated();
  return (
    <div className="details-submit">
      <button
        // Before hydration a click would send the form natively, details in the address.
        type={hydrated ? 'submit' : 'button'}
        aria-disabled={hydrated ? undefined : true}
        disabled={busy}
        className="button button-contained button-large"
      >
        {busy && (
          <span className="button-start-icon">
            <Spinner size={18} />
          </span>
        )}
        {label}
      </button>
    </div>
  );
}
