// deploy/compose.yaml, without a container engine: its app environment, interpolated as `docker compose` does for the
// command its header documents, must be a configuration the production server accepts; a missing choice must stop
// `docker compose up` with a message (interpolation error) instead of instances that crash-loop on their config.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

const compose = readFileSync(new URL('../../deploy/compose.yaml', import.meta.url), 'utf8');

/** The app's environment block (x-app), as name → raw value. */
function appEnvironment(): Record<string, string> {
  const block = compose.slice(compose.indexOf('x-app:'), compose.indexOf('\nservices:'));
  const env = block.slice(block.indexOf('  environment:'));
  return Object.fromEntries([...env.matchAll(/^ {4}(\w+): (.*)$/gm)].map(([, name, value]) => [name, value.replace(/^'(.*)'$/, '$1')]));
}

/** Compose's interpolation: ${X}, ${X:-default}, ${X-default}, ${X:?error}, ${X?error}. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?:(:?)([-?])([^}]*))?\}/g, (_m, name: string, colon: string, op: string, arg: string) => {
    const set = name in vars;
    const usable = colon ? set && vars[name] !== '' : set;
    if (op === '?' && !usable) throw new Error(`${name}: ${arg}`);
    if (op === '-' && !usable) return arg;
    return vars[name] ?? '';
  });
}

function render(vars: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(appEnvironment()).map(([k, v]) => [k, interpolate(v, vars)]));
}

/** The variables the header's command line sets. */
function documented(): Record<string, string> {
  const line = compose.split('\n').find((l) => l.startsWith('#') && l.includes('docker compose -f deploy/compose.yaml up'));
  if (!line) throw new Error('compose.yaml no longer documents its command');
  return Object.fromEntries([...line.matchAll(/(\w+)=(\$\([^)]*\)|\S+)/g)].map(([, k, v]) => [k, v.startsWith('$(') ? 'a'.repeat(64) : v]));
}

describe('deploy/compose.yaml', () => {
  it('the documented command gives the instances a configuration production accepts', () => {
    const vars = documented();
    expect(Object.keys(vars)).toEqual(expect.arrayContaining(['DATA_ENCRYPTION_KEY', 'POSTGRES_PASSWORD', 'CAS_BASE_URL']));
    const config = loadConfig(render(vars));
    expect(config.casBaseUrl).toBe(vars.CAS_BASE_URL);
  });

  it('runs without single sign-on when told so', () => {
    const vars = { ...documented(), CAS_BASE_URL: '', PASSWORD_SIGN_IN_ONLY: 'true' };
    expect(loadConfig(render(vars)).casBaseUrl).toBeUndefined();
  });

  it('stops `docker compose up` with a message when a choice is missing', () => {
    const { CAS_BASE_URL: _cas, ...noCas } = documented();
    expect(() => render(noCas)).toThrow(/CAS_BASE_URL/);
    const { DATA_ENCRYPTION_KEY: _key, ...noKey } = documented();
    expect(() => render(noKey)).toThrow(/DATA_ENCRYPTION_KEY/);
    const { POSTGRES_PASSWORD: _pw, ...noPassword } = documented();
    expect(() => render(noPassword)).toThrow(/POSTGRES_PASSWORD/);
  });
});
