/**
 * Passwords the local breach-range service reports as breached, with how often (made-up counts). Each meets the
 * staff password rules (8+ characters, upper, lower, digit, symbol), so a test can create a user with one and
 * see the sign-in form flag it; a password not listed here is never reported.
 */
export const BREACHED_PASSWORDS: ReadonlyArray<{ password: string; count: number }> = [
  { password: 'Password123!', count: 48_213 },
  { password: 'Welcome2024!', count: 3_107 },
  { password: 'Summer2023!', count: 1_842 },
  { password: 'Qwerty123!', count: 25_961 },
  { password: 'Admin@1234', count: 9_530 },
];
