/** The global error banner, fed by the global-error actor (the layouts render it above the page). */
import { GlobalErrorBanner } from '../components/feedback/GlobalErrorBanner';
import { useGlobalError, useGlobalErrorSenders } from './facades/global-error';

export function GlobalErrorSlot() {
  const error = useGlobalError();
  const { dismiss } = useGlobalErrorSenders();
  return <GlobalErrorBanner error={error} onDismiss={dismiss} />;
}
