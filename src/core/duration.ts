/**
 * How long something took, as people read it in a log: `0.4s`, `12.4s`, `2m 05s`, `1h 02m`. Tenths of a second
 * under a minute (a script's duration is what a user compares between runs); whole units above it.
 */
export function formatDuration(ms: number): string {
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  if (safe < 59_950) return `${(safe / 1000).toFixed(1)}s`;
  const seconds = Math.round(safe / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}h ${pad(m)}m` : `${m}m ${pad(s)}s`;
}
