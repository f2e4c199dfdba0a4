#!/usr/bin/env node
/**
 * The architecture rules of src/, enforced (`npm run lint` runs this):
 * - the import rules of .dependency-cruiser.cjs (no cycle between files; another module only
 *   through its index.ts; client, shared, platform and question types each in their lane);
 * - no cycle between modules (a module's tables.ts naming another module's tables for a foreign
 *   key is the schema, not a dependency of the code);
 * - SQL text names only the tables of the module it is written in (platform: its own tables).
 * Prints every violation and exits 1 when there is one. `checkArchitecture` is what the tests
 * call on files they add.
 */
import { readdir, readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');

/** The module a file belongs to: `modules/<name>`, `platform`, or null for everything else. */
export function moduleOf(path) {
  const module = /^src\/server\/modules\/([^/]+)\//.exec(path);
  if (module) return module[1];
  return path.startsWith('src/server/platform/') ? 'platform' : null;
}

const isTables = (path) => /\/tables\.ts$/.test(path);

/** Modules that reach themselves through other modules, each cycle once. */
export function moduleCycles(modules) {
  const edges = new Map();
  for (const { source, dependencies } of modules) {
    const from = moduleOf(source);
    if (!from) continue;
    for (const { resolved } of dependencies) {
      const to = moduleOf(resolved);
      if (!to || to === from || (isTables(source) && isTables(resolved))) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${source} → ${resolved}`);
    }
  }
  // Tarjan's strongly connected components: a component of more than one module is a cycle.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return components.map((component) => {
    const members = new Set(component);
    const witnesses = component.flatMap((from) =>
      [...(edges.get(from) ?? [])]
        .filter(([to]) => members.has(to))
        .map(([to, example]) => `${from} → ${to} (${example})`),
    );
    return { modules: component, witnesses };
  });
}

/** Table names by owner: each module's tables.ts, and the platform's own. */
async function tableOwners() {
  const owners = new Map();
  const files = await readdir(resolve(ROOT, 'src/server'), { recursive: true });
  for (const file of files.filter((name) => /(^|\/)tables\.ts$/.test(name))) {
    const source = `src/server/${file}`;
    const text = await readFile(resolve(ROOT, source), 'utf8');
    for (const [, name] of text.matchAll(/pgTable\(\s*'([a-z_]+)'/g)) {
      owners.set(name, moduleOf(source));
    }
  }
  return owners;
}

/** SQL text (upper-case keywords, as the project writes them) naming another module's table. */
export async function foreignTablesInSql(modules) {
  const owners = await tableOwners();
  const found = [];
  for (const { source } of modules) {
    const owner = moduleOf(source);
    if (!owner || isTables(source)) continue;
    const text = await readFile(resolve(ROOT, source), 'utf8');
    const pattern = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE|REFERENCES)\s+"?([a-z_]+)"?/g;
    for (const [match, table] of text.matchAll(pattern)) {
      const tableOwner = owners.get(table);
      if (tableOwner && tableOwner !== owner) {
        found.push(`${source}: "${match}" is ${tableOwner}'s table`);
      }
    }
  }
  return found;
}

/** Every violation of the rules in `files` (paths relative to the project, default all of src). */
export async function checkArchitecture(files = ['src']) {
  const options = await extractDepcruiseOptions(resolve(ROOT, '.dependency-cruiser.cjs'));
  const tsConfig = extractTSConfig(resolve(ROOT, 'tsconfig.json'));
  const previous = process.cwd();
  process.chdir(ROOT);
  try {
    const { output } = await cruise(
      files,
      { ...options, validate: true, outputType: 'json' },
      {},
      { tsConfig },
    );
    const result = typeof output === 'string' ? JSON.parse(output) : output;
    const modules = result.modules.filter((m) => m.source.startsWith('src/'));
    const ruleViolations = result.summary.violations.map(
      (v) => `${v.rule.name}: ${v.from} → ${v.to}`,
    );
    const cycles = moduleCycles(modules).map(
      ({ modules: names, witnesses }) =>
        `module-cycle: ${names.join(', ')}\n    ${witnesses.join('\n    ')}`,
    );
    return [...ruleViolations, ...cycles, ...(await foreignTablesInSql(modules))];
  } finally {
    process.chdir(previous);
  }
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const violations = await checkArchitecture();
  for (const violation of violations) console.error(violation);
  if (violations.length > 0) {
    console.error(`\n${violations.length} architecture violation(s); see docs/architecture.md`);
    process.exit(1);
  }
  console.log('architecture: no violations');
}
