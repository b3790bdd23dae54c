// No zod here: the web app's entry (the global error handler) reads it (ADR 0032).

/**
 * `geocodeWarning` of a vacancy save when the address has no coordinates (the vacancy is saved
 * anyway). The API sends it; the editor shows its own German note and the global error handler
 * stays silent on it.
 */
export const GEOCODE_WARNING = 'Unable to geocode';
