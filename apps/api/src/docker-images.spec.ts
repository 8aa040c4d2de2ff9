import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');

interface Workspace {
  readonly name: string;
  readonly dir: string;
  readonly dependencies: readonly string[];
}

function readWorkspaces(): Map<string, Workspace> {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  const workspaces = new Map<string, Workspace>();
  for (const pattern of root.workspaces) {
    const parent = pattern.replace(/\/\*$/, '');
    for (const entry of readdirSync(join(ROOT, parent), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = `${parent}/${entry.name}`;
      let manifest: { name: string; dependencies?: Record<string, string> };
      try {
        manifest = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
      } catch {
        continue;
      }
      workspaces.set(manifest.name, {
        name: manifest.name,
        dir,
        dependencies: Object.keys(manifest.dependencies ?? {}),
      });
    }
  }
  return workspaces;
}

/** The workspaces an app needs at run time: itself and every workspace it depends on, transitively. */
function runtimeClosure(workspaces: Map<string, Workspace>, apps: readonly string[]): string[] {
  const needed = new Set<string>();
  const visit = (name: string) => {
    const workspace = workspaces.get(name);
    if (!workspace || needed.has(workspace.dir)) return;
    needed.add(workspace.dir);
    workspace.dependencies.forEach(visit);
  };
  apps.forEach(visit);
  return [...needed].sort();
}

/** The stages of a Dockerfile: `deps` (production packages installed) and the last one (what runs). */
function stages(dockerfile: string): { deps: string; runtime: string } {
  const bodies = readFileSync(join(ROOT, 'docker', dockerfile), 'utf8')
    .split(/^FROM /m)
    .slice(1);
  return { deps: bodies.find((body) => / AS deps\b/.test(body.split('\n')[0]))!, runtime: bodies.at(-1)! };
}

const workspaceFolders = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match[1]).sort();

describe('the Docker images ship every workspace their apps load', () => {
  const workspaces = readWorkspaces();

  it.each([
    ['api.Dockerfile', ['@ratings/api', '@ratings/cli']],
    ['web.Dockerfile', ['@ratings/web']],
  ])('%s installs the packages of %j and of every workspace they depend on', (dockerfile, apps) => {
    const needed = runtimeClosure(workspaces, apps);
    expect(needed.length).toBeGreaterThan(apps.length);
    const { deps, runtime } = stages(dockerfile);
    expect(workspaceFolders(deps, /^COPY ((?:apps|libs|tools)\/[\w-]+)\/package\.json /gm)).toEqual(needed);
    // Every node_modules folder, the nested ones too (npm nests a package where two versions conflict).
    expect(runtime).toMatch(/^COPY --from=deps \/repo \.\/$/m);
  });

  it('api.Dockerfile copies the compiled code of every workspace the API and the CLI load', () => {
    const needed = runtimeClosure(workspaces, ['@ratings/api', '@ratings/cli']);
    const { runtime } = stages('api.Dockerfile');
    expect(workspaceFolders(runtime, /^COPY --from=build \/repo\/((?:apps|libs|tools)\/[\w-]+)\/dist /gm)).toEqual(
      needed,
    );
  });
});
