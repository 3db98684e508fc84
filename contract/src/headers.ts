/**
 * Read-your-writes. A command's answer carries the log position it reached in
 * this header; a query that sends it back (header, or `min_position` query
 * parameter) waits, bounded, until the projections have passed it.
 */
export const POSITION_HEADER = 'x-modshelf-position';
export const MIN_POSITION_HEADER = 'x-modshelf-min-position';
export const MIN_POSITION_PARAM = 'min_position';
