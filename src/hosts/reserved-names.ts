/**
 * Names an output must not take over (issue 11.10). Outputs are named by the scripts' outputs.json, so an output
 * can be called anything; exported as an environment variable (GitHub's export-env, the task's
 * exportVariables) a name such as BASH_ENV, LD_PRELOAD or GITHUB_PATH would hand later steps, or the runner
 * itself, to whoever controls that file. These names are never exported; they stay step outputs (those are
 * namespaced by the step, so they cannot override anything).
 */

/** Prefixes of variables that the GitHub runner, the Azure Pipelines agent, task-lib or a loader reads. */
const RESERVED_PREFIXES = [
  'GITHUB_',
  'RUNNER_',
  'ACTIONS_',
  'INPUT_',
  'STATE_',
  'AGENT_',
  'SYSTEM_',
  'BUILD_',
  'RELEASE_',
  'PIPELINE_',
  'ENDPOINT_',
  'SECRET_',
  'SECUREFILE_',
  'VSTS_',
  'TASK_',
  'AZP_',
  'LD_',
  'DYLD_',
  'NODE_',
  'NPM_CONFIG_',
  'BASH_FUNC_',
  'GIT_',
];

/** Exact names: shells' start-up files and options, interpreters' injection hooks, where programs are found. */
const RESERVED_NAMES = new Set([
  'TF_BUILD',
  'CI',
  'PATH',
  'HOME',
  'SHELL',
  'USER',
  'TMPDIR',
  'TEMP',
  'TMP',
  'PWD',
  'OLDPWD',
  'IFS',
  'CDPATH',
  'BASH_ENV',
  'ENV',
  'SHELLOPTS',
  'BASHOPTS',
  'GLOBIGNORE',
  'PROMPT_COMMAND',
  'PS4',
  'ZDOTDIR',
  'PYTHONPATH',
  'PYTHONSTARTUP',
  'PYTHONHOME',
  'PERL5LIB',
  'PERL5OPT',
  'RUBYOPT',
  'RUBYLIB',
  'JAVA_TOOL_OPTIONS',
  '_JAVA_OPTIONS',
  'JDK_JAVA_OPTIONS',
  'DOTNET_STARTUP_HOOKS',
  'CORECLR_PROFILER',
  'CORECLR_PROFILER_PATH',
  'CORECLR_ENABLE_PROFILING',
  'PSMODULEPATH',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'CURL_CA_BUNDLE',
  'REQUESTS_CA_BUNDLE',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'ALL_PROXY',
  'NO_PROXY',
]);

/**
 * Is `name` a variable of the runner, the agent, a shell or a loader? Case-insensitive: both agents upper-case
 * variable names for the environment (and GitHub's outputs and the agent's variables ignore case).
 */
export function isReservedName(name: string): boolean {
  const upper = name.toUpperCase().replace(/\./g, '_');
  return RESERVED_NAMES.has(upper) || RESERVED_PREFIXES.some((p) => upper.startsWith(p));
}

/** The outputs every host sets itself; an output of a script with one of these names cannot be a step output. */
export const OWN_OUTPUTS = ['outputs', 'environment'] as const;

export function isOwnOutputName(name: string): boolean {
  return (OWN_OUTPUTS as readonly string[]).includes(name.toLowerCase());
}
