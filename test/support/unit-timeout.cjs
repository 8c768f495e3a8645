// The unit files share the two cores with the functions' build and the stacks' start (jest.config.cjs): a hook that
// generates keys or starts a server may take longer than jest's default 5 s then. jest reads `testTimeout` from the
// global configuration only, so a project sets its own here.
jest.setTimeout(20_000);
