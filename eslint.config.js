import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import prettier from 'eslint-config-prettier';

/**
 * The ground floor: what every capability stands on. It imports no capability (keys/, pets/, limits/, …)
 * nor the composition root (app.ts, features.ts); what it needs from a capability, the capability
 * registers through its Feature (src/feature.ts). Of src/'s own files it may use these. telemetry/ is the seam
 * every floor makes its spans through (it imports nothing itself).
 */
export const GROUND_FLOOR = ['http', 'storage', 'errors', 'contract', 'health', 'metrics', 'telemetry'];
const GROUND_FILES = ['clock', 'config', 'config-error', 'feature', 'version'];

/** Refuses a relative import that climbs `depth` folders (to src/) and leaves the ground floor. */
const groundFloorOnly = (depth) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex: `^(\\.\\./){${String(depth)}}(?!(${GROUND_FLOOR.join('|')})/|(${GROUND_FILES.join('|')})\\.js$)`,
          message:
            'The ground floor imports no capability: let the capability register what is needed through its Feature (src/feature.ts).',
        },
      ],
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'packages/*/dist/**', 'packages/*/src/generated/**', 'data/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'prom-client',
              allowTypeImports: true,
              message: 'Import its parts from src/metrics/prometheus.ts: its index loads OpenTelemetry even with telemetry off.',
            },
          ],
        },
      ],
    },
  },
  { files: GROUND_FLOOR.map((folder) => `src/${folder}/*.ts`), rules: groundFloorOnly(1) },
  { files: GROUND_FLOOR.map((folder) => `src/${folder}/*/*.ts`), rules: groundFloorOnly(2) },
  {
    // The dashboard's browser modules: plain JavaScript served as written.
    files: ['src/dashboard/browser/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'module' },
  },
);
