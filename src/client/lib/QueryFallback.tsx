import { LoadErrorScreen } from './LoadErrorScreen';
import { PageLoader } from './PageLoader';

/** A page's screen while its data loads, or after loading failed (SPEC section 8). */
export function QueryFallback({
  query,
  errorTitle,
}: {
  query: { isError: boolean; error: Error | null; refetch: () => unknown };
  errorTitle: string;
}) {
  if (!query.isError) return <PageLoader />;
  return (
    <LoadErrorScreen
      title={errorTitle}
      detail={query.error?.message}
      onRetry={() => void query.refetch()}
    />
  );
}
