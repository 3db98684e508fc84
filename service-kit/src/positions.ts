export { POSITION_HEADER, MIN_POSITION_HEADER, MIN_POSITION_PARAM } from '@modshelf/contract/headers';
/** How long a query waits, at most, for the projections to pass a requested position. */
export const MAX_POSITION_WAIT_MS = 3000;
