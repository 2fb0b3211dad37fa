/**
 * Text we print that a user controls (script names, paths, output values, stderr quoted in errors) must not be
 * read as a command by a CI agent. A zero-width space after the marker's first character defuses it and is
 * invisible in the log. Script output itself is passed through untouched (scripts may use commands on purpose).
 */

/** GitHub: a line starting with `::` is a workflow command. */
export function neutralizeWorkflowCommands(text: string): string {
  return text.replace(/^(\s*)::/gm, '$1:\u200b:');
}

/** Azure Pipelines: `##vso[` (anywhere in a line) and `##[` are logging commands. */
export function neutralizeLoggingCommands(text: string): string {
  return text.replace(/##(vso)?\[/g, (m) => `##\u200b${m.slice(2)}`);
}

/** Both: for a host that may itself run inside either CI system (the CLI in a script step). */
export function neutralizeCommands(text: string): string {
  return neutralizeLoggingCommands(neutralizeWorkflowCommands(text));
}
