// The infra files (jest.config.cjs) run at a lower CPU priority: the files against the stack, which run beside
// them from the moment it is up (test/runner.ts), spend their time waiting on it and should not wait for the CPU
// as well.
require('node:os').setPriority(10);
