/**
 * The password hash cost (PASSWORD_HASH_COST, log2 of scrypt's N) of the apps and processes tests start:
 * the lowest allowed, 16 MiB and a few milliseconds per hash instead of 128 MiB and about 0.3 s. Tests
 * about hashing itself set the cost they need.
 */
export const TEST_PASSWORD_HASH_COST = 14;
