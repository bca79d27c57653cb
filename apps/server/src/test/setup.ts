import { lowerWorkFactorForTests } from '../modules/auth/password.js';

// Every server test file: passwords hashed at N = 2^10 instead of 2^15 (≈ 2 ms, not 60–100 ms),
// see password.ts. The suites sign up and sign in thousands of times; the throttle tests alone
// check about 900 passwords.
lowerWorkFactorForTests(10);
