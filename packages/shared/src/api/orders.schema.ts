/**
 * Orders and products (issue #11): posting packages booked by organisations. Owned by the
 * orders work; see docs/orders.md.
 */
export {};
