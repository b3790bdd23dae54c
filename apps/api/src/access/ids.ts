const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids of our rows are UUIDs; anything else cannot exist (and must not reach a uuid column as SQL error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
