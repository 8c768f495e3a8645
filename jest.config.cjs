// One `jest` run covers every layer. The unit, web-build and infra files run on every worker while the local
// stack starts in the background (test/global-setup.ts); the integration and e2e files run against it as soon as
// it is up, several at a time, and those marked `@local-stack exclusive` one at a time on a second stack
// (test/runner.ts). test/global-teardown.ts stops the stacks at the end.
const { availableParallelism } = require('node:os');

const common = {
  transform: { '^.+\\.(t|j)sx?$': '<rootDir>/test/esbuild-transform.cjs' },
  // ESM-only dependencies are transformed too.
  transformIgnorePatterns: ['/node_modules/(?!(jose|@middy)/)'],
  // `@shared/...` is the web app's alias for shared/ (web/tsconfig.json, vite.config.ts).
  // Stylesheets a module imports are Vite's business: in node they are empty.
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@shared/(.*)$': '<rootDir>/shared/$1',
    '\\.css$': '<rootDir>/test/support/style-stub.cjs',
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'json'],
  rootDir: __dirname,
  // Every project names the same runner: it orders the whole run (test/runner.ts).
  runner: '<rootDir>/test/runner.ts',
  testEnvironment: 'node',
};

/**
 * For the infra project, whose files synthesize the app for long stretches of CPU and wait on no clock
 * (test/support/yield-cpu.cjs). Not for the unit files: some of them time real waits (a Lambda's timeout, an
 * emulator's probe), and a starved process misses them.
 */
const yieldsCpu = { setupFiles: ['<rootDir>/test/support/yield-cpu.cjs'] };

// Jest runs a project's globalSetup only when a test of that project runs, so a unit run starts nothing.
const withLocalStack = {
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
};

module.exports = {
  // Two workers at least: on a 2-core machine jest's default (cores - 1) would run every file in one process.
  // The integration and e2e files have pools of their own (test/runner.ts).
  maxWorkers: Math.max(2, availableParallelism() - 1),
  projects: [
    {
      ...common,
      displayName: 'unit',
      setupFilesAfterEnv: ['<rootDir>/test/support/unit-timeout.cjs'],
      testMatch: [
        '<rootDir>/shared/**/*.test.ts',
        '<rootDir>/functions/**/*.test.ts',
        '<rootDir>/infra/**/*.test.ts',
        '<rootDir>/build/**/*.test.ts',
        '<rootDir>/test/local/**/*.test.ts',
        // The web app's pure logic and static markup (node: no DOM here; the browser runs in the e2e project).
        '<rootDir>/web/src/**/*.test.{ts,tsx}',
      ],
    },
    {
      ...common,
      // The built site: reads dist/web, which `npm test` builds before jest runs (alone: `npm run build:web` first).
      displayName: 'web-build',
      testMatch: ['<rootDir>/test/web/**/*.test.ts'],
    },
    {
      ...common,
      ...yieldsCpu,
      // The functions are bundled once per run, in the background, for these tests and the local stack alike;
      // the stack is synthesized once per run for these tests, in a folder the teardown removes.
      globalSetup: '<rootDir>/test/functions-setup.ts',
      globalTeardown: '<rootDir>/test/functions-teardown.ts',
      displayName: 'infra',
      testMatch: ['<rootDir>/test/infra/**/*.test.ts'],
    },
    {
      ...common,
      ...withLocalStack,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
    },
    {
      ...common,
      ...withLocalStack,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
    },
  ],
};
