/**
 * Entry of the `azd` stand-in that scripts find on PATH when no azd is installed (src/core/azd-shim.ts). Bundled
 * as `azd-shim/index.js` inside every host bundle; started by the `azd` / `azd.cmd` launchers of the run's bin
 * folder with the same Node that runs the host.
 */
import { runAzdShim } from '../core/azd-shim.js';

try {
  const result = await runAzdShim(process.argv.slice(2), process.env, process.cwd());
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
} catch (err) {
  process.stdout.write(`\nERROR: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
