/** How many products Home shows; the Markets tab lists them all. */
export const HOME_MARKETS_COUNT = 4;
