/** The geocoding module's public entry. */
export { isGermany, type Geocoder, type GeoPoint } from './geocoder';
