import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import restrictions that keep each process in its lane (see docs/architecture.md). */
const electronOnlyInGlue = {
  paths: [{ name: 'electron', message: 'Only src-main/index.ts and src-main/electron/ may import electron.' }],
};
const rendererCode = { group: ['**/src-renderer/**'], message: 'Main and preload code never import renderer code.' };

/**
 * The window's floor plan (docs/architecture.md, "The window"): each folder is a floor, and an
 * import runs down or stays level, never up. `data/` (the bridge and the query layer) is the ground,
 * then `language/`, `navigation/` (tab and view requests any feature may make), `ui/` (widgets),
 * `features/<name>/` (one room per feature), `shell/` (the tab strip, the view registry, the
 * palette; imported by none) and the entry files at the top. A feature reaches another only
 * through its `index.ts`; a lazily loaded view (`import()`) may name its module, so its chunk
 * stays its own. Resolved from the file's folder, because a relative import does not name its
 * target folder.
 */
const rendererRoot = path.resolve(import.meta.dirname, 'src-renderer');
const rendererFloors = ['data', 'language', 'navigation', 'ui', 'features', 'shell', '(entry)'];
const rendererPlaceOf = (file) => {
  const parts = path.relative(rendererRoot, file).split(path.sep);
  if (parts[0].startsWith('..')) return null;
  if (parts.length === 1) return { floor: '(entry)', room: '(entry)' };
  if (parts[0] === 'features' && parts.length > 2) return { floor: 'features', room: `features/${parts[1]}`, index: parts.length === 3 && parts[2] === 'index.ts' };
  return { floor: parts[0], room: parts[0] };
};
/**
 * The typed bridge to main (`window.opsdesk`): only the data layer, `data/` and a feature's
 * `*-data.ts`, calls it; a store holds the window's own state and calls a named data-layer
 * function, and a component uses its feature's hooks (docs/architecture.md, "The window").
 */
const rendererBridge = path.join(rendererRoot, 'data', 'bridge.ts');
const rendererLayers = {
  rules: {
    'no-restricted-imports': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          upAFloor: '{{from}}/ may not import {{target}}/: that runs back up a floor ({{floors}}). Move what both need down.',
          unknownFloor: '{{target}} is not a floor of the window ({{floors}}).',
          featureInternals: '{{from}} reaches {{room}} only through {{room}}/index.ts.',
        },
      },
      create(context) {
        const from = rendererPlaceOf(context.filename);
        const check = (source, lazy) => {
          if (!from || typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
          const target = rendererPlaceOf(path.resolve(path.dirname(context.filename), source.value));
          if (!target || target.room === from.room) return;
          const floors = rendererFloors.join(' < ');
          const rank = rendererFloors.indexOf(target.floor);
          if (rank < 0) context.report({ node: source, messageId: 'unknownFloor', data: { target: target.room, floors } });
          else if (rank > rendererFloors.indexOf(from.floor)) context.report({ node: source, messageId: 'upAFloor', data: { from: from.room, target: target.room, floors } });
          else if (from.floor === 'features' && target.floor === 'features' && !target.index && !lazy) {
            context.report({ node: source, messageId: 'featureInternals', data: { from: from.room, room: target.room } });
          }
        };
        return {
          ImportDeclaration: (node) => check(node.source, false),
          ImportExpression: (node) => check(node.source, true),
          ExportNamedDeclaration: (node) => check(node.source, false),
          ExportAllDeclaration: (node) => check(node.source, false),
        };
      },
    },
    'bridge-in-data-layer': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          store: 'A store holds the window\'s own state; it reaches main through a data-layer call (data/, a feature\'s *-data.ts), never the bridge.',
          notDataLayer: 'Only the data layer (data/, a feature\'s *-data.ts) calls the bridge; use or add a call or hook there.',
        },
      },
      create(context) {
        const file = context.filename;
        const place = rendererPlaceOf(file);
        const isStore = file.endsWith('-store.ts');
        if (!place || (!isStore && (place.floor === 'data' || file.endsWith('-data.ts')))) return {};
        const messageId = isStore ? 'store' : 'notDataLayer';
        const check = (source) => {
          if (typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
          const target = path.resolve(path.dirname(file), source.value);
          if (target === rendererBridge || `${target}.ts` === rendererBridge) context.report({ node: source, messageId });
        };
        const isBridgeGlobal = (node) =>
          node.object.type === 'Identifier' &&
          (node.object.name === 'window' || node.object.name === 'globalThis') &&
          (node.computed ? node.property.value === 'opsdesk' : node.property.name === 'opsdesk');
        return {
          ImportDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          MemberExpression: (node) => isBridgeGlobal(node) && context.report({ node, messageId }),
        };
      },
    },
  },
};

/** Inside core: http ← back ends ← profiles/clients, never the other way (docs/architecture.md, "Core map"). */
const coreFolder = (names) => `^(\\.\\./)+(${names})(/|$)|/core/(${names})(/|$)`;
const backEnds = 'gateway|support|firewall';
const httpKnowsNoBackEnd = {
  regex: coreFolder(`${backEnds}|profiles|clients`),
  message: 'core/http is generic: a back end gives it what it needs (its connector, its error dialect).',
};
const backEndKnowsNoProfiles = {
  regex: coreFolder('profiles|clients'),
  message: 'A back end knows nothing of profiles: the client registry opens its client with the settings it needs.',
};
const wireKnowsNoBackEnd = {
  regex: coreFolder(`${backEnds}|profiles|clients`),
  message: 'core/wire is the reading toolkit of every back end: a back end gives it its alias lists, never the other way.',
};
const profilesKnowNoBackEnd = {
  regex: coreFolder(`${backEnds}|clients`),
  message: 'Profiles get what they need of a back end injected (app-services.ts), so no folder cycle forms.',
};
/** What a handler may not hold: it delegates to a service in one expression (house rule 2). */
const noRuleInHandler = 'Handlers delegate in one expression; a decision belongs in the service.';
const handlerRules = [
  'ArrowFunctionExpression > BlockStatement',
  'ConditionalExpression',
  'LogicalExpression',
  'IfStatement',
  'SwitchStatement',
  'TryStatement',
  'ThrowStatement',
  'ForStatement',
  'ForOfStatement',
  'ForInStatement',
  'WhileStatement',
  'AwaitExpression',
].map((selector) => ({ selector, message: noRuleInHandler }));
const mainRules = (...patterns) => ({
  'no-restricted-imports': ['error', { ...electronOnlyInGlue, patterns: [rendererCode, ...patterns] }],
});

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', 'screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/index.ts', 'src-main/electron/**'],
    rules: {
      'no-restricted-imports': ['error', { ...electronOnlyInGlue, patterns: [rendererCode] }],
    },
  },
  { files: ['src-main/core/http/**/*.ts'], rules: mainRules(httpKnowsNoBackEnd) },
  { files: ['src-main/core/wire/**/*.ts'], rules: mainRules(wireKnowsNoBackEnd) },
  { files: ['src-main/core/{gateway,support,firewall}/**/*.ts'], rules: mainRules(backEndKnowsNoProfiles) },
  { files: ['src-main/core/profiles/**/*.ts'], rules: mainRules(profilesKnowNoBackEnd) },
  {
    // Handlers delegate in one expression (house rule 2): the rules live in services, so a handler
    // imports nothing of core but types and the services, and holds no branch, loop or error of its own.
    files: ['src-main/ipc/handlers/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+core/(?!app-services\\.ts$)',
              allowTypeImports: true,
              message: 'A handler reaches core only through the services (AppServices); put the rule in a service.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...handlerRules,
        { selector: 'ArrowFunctionExpression ArrowFunctionExpression', message: 'A handler passes no function of its own to a service: the service does the whole job.' },
      ],
    },
  },
  {
    files: ['src-main/index.ts', 'src-main/electron/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [rendererCode] }] },
  },
  {
    // Catalogs and language rules every process uses, so they import no process's code.
    files: ['src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'src-shared runs in every process: no Electron.' }],
          patterns: [
            { group: ['**/src-main/**', '**/src-renderer/**', '**/src-preload/**', 'node:*'], message: 'src-shared runs in every process: it imports no process code and no Node.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src-preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!electron$|zod$|virtual:opsdesk-contract-manifest$|\\./|\\.\\./src-shared/).*',
              message: 'The preload imports only electron, the contract and src-shared.',
            },
            { group: ['**/src-main/**', '**/src-renderer/**'], message: 'The preload imports only electron and the contract.' },
          ],
        },
      ],
    },
  },
  {
    // A contract area split per feature (contract/support/) imports the contract's shared files one folder up.
    files: ['src-shared/contract/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\./|\\.\\./[a-z-]+\\.ts$|\\.\\./\\.\\./[a-z-]+\\.ts$).*',
              message: 'The contract imports only zod, itself and src-shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'renderer-layers': rendererLayers },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'renderer-layers/no-restricted-imports': 'error',
      'renderer-layers/bridge-in-data-layer': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer never imports electron; it uses window.opsdesk.' }],
          patterns: [
            { group: ['**/src-main/**', 'node:*'], message: 'The renderer runs sandboxed: no main-process or Node code.' },
            { group: ['**/src-preload/**'], message: 'The renderer reaches main only through the contract and window.opsdesk.' },
          ],
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src-shared/contract/**'],
              allowTypeImports: true,
              message: 'The renderer imports only types from the contract.',
            },
          ],
        },
      ],
    },
  },
);
