/**
 * The boundaries between the tiers and between features (npm run lint runs it). A feature's folder has the
 * same name on every tier (docs/features.md).
 */
const error = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

module.exports = {
  forbidden: [
    error(
      'shared-stands-alone',
      'shared/ is used by web/ and functions/: it imports neither, nor infra/, nor AWS or React.',
      { path: '^shared/' },
      {
        path: [
          '^(web|functions|infra|build)/',
          'node_modules/(@aws-sdk|aws-cdk-lib|react|react-dom|react-router)/',
        ],
      },
    ),
    error(
      'zod-mini',
      'Use zod/mini: the full zod adds about 450 KB to every Lambda and to the web app.',
      { path: '^(shared|functions)/' },
      { path: 'node_modules/zod/', pathNot: 'node_modules/zod/(v4/)?mini/' },
    ),
    error(
      'build-rules-stand-alone',
      'build/ holds rules both the web build and the stack use: it imports neither.',
      { path: '^build/' },
      { path: '^(web|functions|infra)/' },
    ),
    error(
      'web-is-a-browser-app',
      'web/ imports shared/ and build/ (its build only), never functions/ or infra/, no AWS SDK or CDK.',
      { path: '^web/' },
      { path: ['^(functions|infra)/', 'node_modules/(@aws-sdk|aws-cdk-lib)/'] },
    ),
    error(
      'web-kit-serves-features',
      'components/, lib/ and hooks/ serve every feature: they never import one.',
      { path: '^web/src/(components|lib|hooks)/' },
      { path: '^web/src/features/' },
    ),
    error(
      'web-features-stand-alone',
      'A web feature imports shared components, lib and hooks and its own files, never another feature (web/src/features/README.md).',
      { path: '^web/src/features/([^/]+)/' },
      { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    ),
    error(
      'functions-features-stand-alone',
      'A functions/ feature imports only functions/lib/ and shared/, never another feature.',
      { path: '^functions/([^/]+)/', pathNot: '^functions/lib/' },
      { path: '^functions/', pathNot: ['^functions/$1/', '^functions/lib/'] },
    ),
    error(
      'functions-lib-serves-features',
      'functions/lib/ is what features share: it imports no feature.',
      { path: '^functions/lib/' },
      { path: '^functions/', pathNot: '^functions/lib/' },
    ),
    error(
      'functions-not-web',
      'functions/ never imports web/, infra/, React or the CDK.',
      { path: '^functions/' },
      { path: ['^(web|infra)/', 'node_modules/(react|react-dom|react-router|aws-cdk-lib)/'] },
    ),
    error(
      'infra-not-web',
      'The stack does not import the web app (it uploads its build), nor React.',
      { path: '^infra/' },
      { path: ['^web/', 'node_modules/(react|react-dom|react-router)/'] },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|cdk\\.out|\\.local)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
