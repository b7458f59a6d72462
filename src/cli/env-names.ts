/**
 * The environment variables the command line reads, apart from the modules
 * that read them, so that the help texts name them without loading the
 * service client or the TRON node client.
 */
export const ENV_KEY = 'ENERGY_TRAY_API_KEY';
export const ENV_SECRET = 'ENERGY_TRAY_API_SECRET';
export const ENV_BASE_URL = 'ENERGY_TRAY_BASE_URL';
export const ENV_TIMEOUT = 'ENERGY_TRAY_TIMEOUT_MS';
export const ENV_NODE_URL = 'ENERGY_TRAY_NODE_URL';
export const ENV_NODE_KEY = 'ENERGY_TRAY_NODE_API_KEY';
/** The daemon: how often each watched wallet is read when idle, in ms (its waits are capped at ten of these, at most 10 minutes). */
export const ENV_WALLET_INTERVAL = 'ENERGY_TRAY_WALLET_INTERVAL_MS';
