import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundariesPlugin } from './eslint/client-boundaries.js';

export default tseslint.config(
  { ignores: ['dist', 'data', 'drizzle', 'release', 'test-results', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/question-types/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The browser bundle never reaches into server code, and shared code stays framework-free.
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/server/**', '**/question-types/**/server', '**/*.server'] },
      ],
    },
  },
  {
    files: [
      'src/shared/**/*.ts',
      'src/question-types/**/*.shared.ts',
      'src/question-types/**/shared.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/client/**'] }],
    },
  },
  {
    // Services speak the domain: only a module's route files know HTTP; services throw
    // DomainError (platform/errors.ts) and one table maps it to a status.
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/modules/**/routes.ts', 'src/server/modules/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/platform/http/**'],
              message: 'Only route files use HTTP; throw a DomainError from platform/errors.',
            },
          ],
        },
      ],
    },
  },
  {
    // One data-access layer: a module's tables are queried only by its repository
    // (`*-repository.ts`); services and routes call repository functions. Row types may still be
    // imported as types.
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/**/*-repository.ts',
      'src/server/**/tables.ts',
      'src/server/platform/db/**',
      'src/server/schema.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/tables', '**/schema'],
              allowTypeImports: true,
              message: 'Queries live in the module repository (*-repository.ts); call it instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // Client boundaries: features stand alone (they share through lib/, shared/ and question-types/);
    // every call to the server goes through lib/api-client.ts.
    files: ['src/client/**/*.{ts,tsx}', 'src/question-types/**/*.{ts,tsx}'],
    plugins: { local: boundariesPlugin },
    rules: { 'local/client-boundaries': 'error', 'local/client-transport': 'error' },
  },
);
