/**
 * Publishing outputs one by one, so that one that cannot be set never stops the rest (issue 11.11): task-lib
 * throws for a multi-line value whose name is a pipeline secret (once a secret, always a secret), @actions/core
 * for a value holding its heredoc delimiter. The failure becomes a warning naming the output.
 */
export function publishEach<T>(
  entries: Iterable<[string, T]>,
  warn: (message: string) => void,
  what: string,
  publish: (key: string, value: T) => void,
): void {
  for (const [key, value] of entries) {
    try {
      publish(key, value);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      warn(
        `Output ${key} could not be set as a ${what}: ${reason.split('\n')[0]} The other outputs were set, and the scripts of this run received it.`,
      );
    }
  }
}
