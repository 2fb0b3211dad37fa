/**
 * What `state` and `down` say on a machine where provision never ran (a fresh CI checkout): `.azure/` is
 * git-ignored, so a new runner has no recorded outputs. Only ways that exist today are named.
 */
import path from 'node:path';

/** How the recorded state of an environment reaches another job or machine. */
export function sharingHint(name: string): string {
  const folder = path.posix.join('.azure', name);
  return (
    `Run state and down in the same job or workspace as provision, or carry the ${folder} folder over: ` +
    `save it with actions/cache or actions/upload-artifact (GitHub) or PublishPipelineArtifact (Azure Pipelines) ` +
    `after provision, and restore it into the project folder before state or down.`
  );
}

/** Why nothing is recorded here. */
export function nothingRecordedHere(name: string, dir: string): string {
  return (
    `Nothing was recorded for environment "${name}" on this machine: ${dir} does not exist. ` +
    `.azure/ is git-ignored, so a fresh checkout (a new CI runner) has no state from an earlier provision.`
  );
}
