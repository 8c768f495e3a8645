// One `jest` run covers every layer. The integration and e2e projects share one local stack, started by
// test/global-setup.ts on its own ports with in-memory data, and stopped by test/global-teardown.ts.
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
};

// Jest runs a project's globalSetup only when a test of that project runs, so unit/infra runs start nothing.
const withLocalStack = {
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
};

module.exports = {
  // One test file at a time: the integration and e2e files share one local stack, and some change its single
  // settings record (shipping configuration) for a moment. On two cores jest would run one worker anyway.
  maxWorkers: 1,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/shared/**/*.test.ts',
        '<rootDir>/functions/**/*.test.ts',
        '<rootDir>/infra/**/*.test.ts',
        '<rootDir>/build/**/*.test.ts',
        '<rootDir>/test/local/**/*.test.ts',
        // The web app's pure logic and static markup (node: no DOM here; the browser runs in the e2e project).
        '<rootDir>/web/src/**/*.test.{ts,tsx}',
        // The built site (dist/web: `npm test` builds it before jest runs).
        '<rootDir>/test/web/**/*.test.ts',
      ],
      testEnvironment: 'node',
    },
    {
      ...common,
      displayName: 'infra',
      testMatch: ['<rootDir>/test/infra/**/*.test.ts'],
      testEnvironment: 'node',
    },
    {
      ...common,
      ...withLocalStack,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      testEnvironment: 'node',
    },
    {
      ...common,
      ...withLocalStack,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      testEnvironment: 'node',
    },
  ],
};
