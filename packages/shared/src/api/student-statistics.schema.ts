/**
 * Student statistics (issue #11): aggregates over the candidates of a partner's regions.
 * See docs/statistics.md.
 */
export {};
