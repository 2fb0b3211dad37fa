/**
 * The upstream extension's `env:` and `secrets:` maps (DESIGN section 7): each value a template where `${NAME}`
 * is replaced by the variable NAME as the script would otherwise see it (OS env < azd env < parameters <
 * earlier outputs), keys taken in sorted order so one may use another; env first, then secrets. Checked before
 * anything runs: a malformed template is an error, and so is a reference nothing can provide.
 */
import { closest, locatedError, type Problems } from './errors.js';
import type { Warn } from './script-checks.js';
import type { ScriptEntry } from './script-entry.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The names a template refers to, or why it is not a template we expand. */
export function templateReferences(value: string): { names: string[]; error?: string; bad?: string } {
  const names: string[] = [];
  for (let i = value.indexOf('${'); i !== -1; i = value.indexOf('${', i + 2)) {
    const close = value.indexOf('}', i + 2);
    if (close === -1) return { names, error: 'has a "${" that is never closed with "}"' };
    const inner = value.slice(i + 2, close);
    if (!NAME.test(inner)) {
      const bad = `\${${inner}}`;
      return { names, bad, error: 'only ${NAME} references are expanded (no defaults, no expressions)' };
    }
    names.push(inner);
  }
  return { names };
}

/** `${NAME}` → the value of NAME; an unset variable expands to nothing, as upstream's envsubst does. */
export function expandTemplate(value: string, lookup: (name: string) => string | undefined): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_m, name: string) => lookup(name) ?? '');
}

/** env then secrets, each in sorted key order. */
function orderedPairs(entry: Pick<ScriptEntry, 'env' | 'secrets'>): Array<['env' | 'secrets', string, string]> {
  const sorted = (map: Record<string, string>) => Object.keys(map).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [
    ...sorted(entry.env).map((k) => ['env', k, entry.env[k]!] as ['env', string, string]),
    ...sorted(entry.secrets).map((k) => ['secrets', k, entry.secrets[k]!] as ['secrets', string, string]),
  ];
}

/** The variables an entry adds, expanded against `lookup` and each other; `secret` for the secrets map. */
export function entryVariables(
  entry: Pick<ScriptEntry, 'env' | 'secrets'>,
  lookup: (name: string) => string | undefined,
): Array<{ key: string; value: string; secret: boolean }> {
  const own = new Map<string, string>();
  const out: Array<{ key: string; value: string; secret: boolean }> = [];
  for (const [map, key, template] of orderedPairs(entry)) {
    const value = expandTemplate(template, (name) => own.get(name) ?? lookup(name));
    own.set(key, value);
    out.push({ key, value, secret: map === 'secrets' });
  }
  return out;
}

/**
 * Before anything runs: every template parses, and every reference is known now (OS env, azd env, parameters,
 * an earlier key of the same entry) — or, for a script after the first, may come from an earlier script's
 * outputs, which only a run can tell: then a warning says it will be empty unless one does. Literal secrets are
 * masked at once.
 */
export function checkEntryVariables(
  entries: ScriptEntry[],
  known: ReadonlySet<string>,
  problems: Problems,
  warn: Warn,
  mask: (value: string) => void,
): void {
  entries.forEach((entry, position) => {
    const own = new Set<string>();
    for (const [map, key, template] of orderedPairs(entry)) {
      const at = entry.at[map][key] ?? entry.location;
      const { names, error, bad } = templateReferences(template);
      if (map === 'secrets' && names.length === 0 && !error) mask(template);
      if (error) {
        problems.add(
          locatedError(
            at,
            'PROJECT_INVALID',
            bad === undefined
              ? `${entry.key}.${map}.${key} ${error}.`
              : `${entry.key}.${map}.${key} has ${map === 'secrets' ? 'a ${…} that is not a ${NAME} reference' : `"${bad}"`}, but ${error}.`,
            'Write ${NAME} for the value of the variable NAME; put any default in the azd environment (azd env set NAME value).',
          ),
        );
        continue;
      }
      for (const name of new Set(names)) {
        if (known.has(name) || own.has(name)) continue;
        const guess = closest(name, [...known, ...own]);
        const didYouMean = guess ? ` Did you mean \${${guess}}?` : '';
        if (position === 0) {
          problems.add(
            locatedError(
              at,
              'PROJECT_INVALID',
              `${entry.key}.${map}.${key} refers to \${${name}}, which is not in the OS environment, the azd environment or the parameters, and no earlier script can output it.${didYouMean}`,
              `Set it first (azd env set ${name} <value>, or export ${name}), or correct the name.`,
            ),
          );
        } else {
          warn(
            `${entry.key}.${map}.${key} refers to \${${name}}, which is not set now; it will be empty unless an earlier script outputs ${name}.${didYouMean}`,
            at,
          );
        }
      }
      own.add(key);
    }
  });
}
