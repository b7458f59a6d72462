/**
 * Energy Tray exists so that renting energy costs less than burning TRX for
 * it. At the burn cost renting saves nothing (and a paid order is still a
 * risk), above it renting loses money: both count as "not cheaper than
 * burning". One rule for every place that compares the two: auto top-up
 * refuses such a quote (core/rules/burn-ceiling.ts); a purchase a person
 * makes is warned in the dashboard's confirmation and in main's approval.
 */
export function notCheaperThanBurning(costSun: bigint, burnSun: bigint): boolean {
  return costSun >= burnSun;
}
