/**
 * One fixed, real-format TRON address (valid Base58Check) for tests that need
 * an address a person could have typed, and the one the docs and the CLI's
 * examples show. Tests that need several distinct addresses make them with
 * tronAddressFromSeed (src/core/simulator/tron-address.ts).
 */
export const VALID_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
