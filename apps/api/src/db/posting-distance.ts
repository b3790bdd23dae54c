/**
 * Distance between a point and a posting, as SQL that runs on PostgreSQL 15 and PGlite: the
 * public preview, the candidates' posting list and their feed all filter and sort by it.
 */
import { gte, lte, sql, type SQL } from 'drizzle-orm';
import { vacancies } from './schema/index';

/** Great-circle distance in km from the point to the posting (haversine). */
export function postingDistanceSql(lat: number, lng: number): SQL<number> {
  return sql<number>`(6371 * 2 * asin(sqrt(power(sin(radians(${vacancies.lat} - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(${vacancies.lat})) * power(sin(radians(${vacancies.lng} - ${lng}) / 2), 2))))`;
}

/**
 * Postings within `radiusKm` of the point: a bounding box first (an index on latitude reads its
 * band, and it prunes most rows cheaply), then the exact distance, which is returned for sorting.
 */
export function withinRadius(near: { lat: number; lng: number; radiusKm: number }): {
  conditions: SQL[];
  distance: SQL<number>;
} {
  const { lat, lng, radiusKm } = near;
  const dLat = radiusKm / 111.2;
  const dLng = radiusKm / (111.2 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  const distance = postingDistanceSql(lat, lng);
  return {
    conditions: [
      gte(vacancies.lat, lat - dLat),
      lte(vacancies.lat, lat + dLat),
      gte(vacancies.lng, lng - dLng),
      lte(vacancies.lng, lng + dLng),
      sql`${distance} <= ${radiusKm}`,
    ],
    distance,
  };
}
