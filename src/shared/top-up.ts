/** The period a wallet top-up rents energy for: long enough to send the transfers, the cheapest to hold. */
export const TOP_UP_PERIOD = '1h';

/**
 * After an energy order for an address succeeds, the node may take a moment
 * to show the energy. Until the wallet has been read since, no offer for that
 * address is live ("energy arriving"); for this long after it, a manual
 * top-up for the address asks first ("energy from order EN… may not show
 * yet; buy again anyway?"). As long as the watcher reads such an address often.
 */
export const ARRIVAL_GRACE_MS = 2 * 60_000;
