/**
 * How every host learns that it should stop: both CI agents (and a terminal) send SIGINT, then SIGTERM, then
 * kill. Each signal goes to the host's Cancellation; the first one cancels, later ones escalate.
 */
import type { Cancellation } from '../core/host.js';

/** Routes SIGINT and SIGTERM to `cancellation` until the returned function is called. */
export function cancelOnSignals(cancellation: Cancellation): () => void {
  const onSigint = () => cancellation.cancel('SIGINT');
  const onSigterm = () => cancellation.cancel('SIGTERM');
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  return () => {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
  };
}
