import { dirname, relative, resolve, sep } from 'node:path';

/**
 * Client import boundaries (docs/architecture.md): a feature imports only its own folder,
 * src/client/lib, src/shared and src/question-types; lib and question-types import no feature
 * and not the app shell.
 * Relative paths are resolved, so "../../paywall/api" is caught however it is spelled.
 */
function place(root, file) {
  const parts = relative(root, file).split(sep);
  if (parts[0] !== 'src') return null;
  if (parts[1] === 'client' && parts[2] === 'features') return { area: 'feature', name: parts[3] };
  if (parts[1] === 'client') return { area: parts[2] === 'lib' ? 'lib' : 'client' };
  if (parts[1] === 'question-types') return { area: 'question-types' };
  if (parts[1] === 'shared') return { area: 'shared' };
  return { area: parts[1] };
}

function allowed(from, to) {
  if (from.area === 'feature') {
    if (to.area === 'feature') return to.name === from.name;
    return ['lib', 'shared', 'question-types'].includes(to.area);
  }
  // Shared layers never reach up into a feature or the app shell.
  return to.area !== 'feature' && to.area !== 'client';
}

export const clientBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      crossing:
        'A {{from}} imports only its own folder, src/client/lib, src/shared and src/question-types; not {{target}}.',
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const from = place(root, file);
    if (!from || !['feature', 'lib', 'question-types'].includes(from.area)) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolve(dirname(file), source);
      const to = place(root, target) ?? { area: 'outside' };
      if (allowed(from, to)) return;
      context.report({
        node: node.source,
        messageId: 'crossing',
        data: {
          from: from.area === 'feature' ? `feature (${from.name})` : from.area,
          target: relative(root, target),
        },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** Ways a browser reaches a server; only the client's one transport uses them. */
const TRANSPORTS = new Set(['fetch', 'XMLHttpRequest', 'EventSource', 'WebSocket', 'sendBeacon']);
const GLOBAL_OBJECTS = new Set(['window', 'globalThis', 'self', 'navigator']);

/**
 * One client transport (issue 13): headers, the signed-in token and error handling are written
 * once in src/client/lib/api-client.ts, so no other browser file calls fetch or its kin.
 */
export const clientTransport = {
  meta: {
    type: 'problem',
    messages: {
      direct: 'Call the server through src/client/lib/api-client.ts, not {{name}} directly.',
    },
    schema: [],
  },
  create(context) {
    const parts = relative(context.cwd, context.filename).split(sep);
    if (parts.join('/') === 'src/client/lib/api-client.ts') return {};
    const report = (node, name) => context.report({ node, messageId: 'direct', data: { name } });
    return {
      'Program:exit'(program) {
        // The globals themselves: fetch(...), new XMLHttpRequest(). A file's own declaration of
        // the same name is another variable and not reported.
        const globalScope = context.sourceCode.getScope(program);
        const references = [
          ...[...TRANSPORTS].flatMap((name) => globalScope.set.get(name)?.references ?? []),
          ...globalScope.through.filter((reference) => TRANSPORTS.has(reference.identifier.name)),
        ];
        for (const { identifier } of references) report(identifier, identifier.name);
      },
      MemberExpression(node) {
        // window.fetch(...), navigator.sendBeacon(...)
        const name = node.property.type === 'Identifier' ? node.property.name : null;
        if (
          name &&
          TRANSPORTS.has(name) &&
          node.object.type === 'Identifier' &&
          GLOBAL_OBJECTS.has(node.object.name)
        )
          report(node.property, `${node.object.name}.${name}`);
      },
    };
  },
};

export const boundariesPlugin = {
  rules: { 'client-boundaries': clientBoundaries, 'client-transport': clientTransport },
};
