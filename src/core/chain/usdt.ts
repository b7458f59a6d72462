/**
 * Facts about USDT on TRON that the estimates rest on.
 */

/** Tether USD (TRC-20) on TRON mainnet. */
export const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export const TRANSFER_SELECTOR = 'transfer(address,uint256)';
export const BALANCE_OF_SELECTOR = 'balanceOf(address)';

/**
 * Typical energy of one USDT transfer: to an address that already holds USDT
 * (its balance slot exists) and to one that does not (the transfer creates the
 * slot). The dry run gives the exact figure for a given recipient; these are
 * for "usually holders / usually new" planning.
 */
export const ENERGY_PER_TRANSFER_TO_HOLDER = 64_285n;
export const ENERGY_PER_TRANSFER_TO_NEW_ADDRESS = 130_285n;

/**
 * Bandwidth (bytes) of one signed USDT transfer. The dry run cannot tell: its
 * transaction has no signature and no fee limit, so the figure is the usual
 * size of a broadcast transfer.
 */
export const BANDWIDTH_PER_USDT_TRANSFER = 345n;
