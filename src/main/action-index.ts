/**
 * The Action's entry point (ncc builds it to dist/action/index.js, action.yml `runs.main`): it only calls run(),
 * so that the logic in action.ts can be imported without running (`@github/local-action`, tests).
 */
import { run } from './action.js';

await run();
