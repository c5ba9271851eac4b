import type { BenchCase, BenchContext } from '../harness.js';
import { EQUIPMENT_UNITS, prepareOnce as prepareEquipment } from './equipment-list.js';
import { prepareSites, SITE_COUNT } from './sites-search.js';
import { seed as seedUsers, USER_COUNT } from './user-search.js';

/**
 * The global search (`GET /api/global/search`) over everything the other cases generate, reused
 * rather than made again: 100,000 sites (sites-search), 2,000 more sites with 1,000,000 units on
 * PostgreSQL (100,000 on PGlite; equipment-list) and 10,000 users (user-search). Every request
 * searches all five kinds. The goal: p99 under 100 ms on PostgreSQL with one connection.
 */
async function prepare(ctx: BenchContext): Promise<Record<string, string>> {
  const [sites] = await Promise.all([prepareSites(ctx.app), prepareEquipment(ctx), seedUsers(ctx.app)]);
  return sites;
}

const goals = { p99OneConnectionMs: 100 };
const scale = (driver: BenchContext['driver']) =>
  `${SITE_COUNT / 1000}k sites, ${EQUIPMENT_UNITS[driver] / 1000}k units, ${USER_COUNT / 1000}k users`;

function searchCase(label: string, term: string): BenchCase {
  return {
    name: `global search ${label}`,
    goals,
    async prepare(ctx) {
      const headers = await prepare(ctx);
      console.log(`   (${label}: ${scale(ctx.driver)})`);
      return { path: `/api/global/search?search=${encodeURIComponent(term)}`, headers };
    },
  };
}

/** The header search for a SiteId no.: the exact site leads, the other kinds find nothing. */
export const globalSearchBySiteCodeCase = searchCase('?search=BN-054321', 'BN-054321');
/** A name fragment: about 3,300 sites match (counted to 1000+), and the units of the sites it names. */
export const globalSearchByNameCase = searchCase('?search=kakkanad', 'kakkanad');
/** A serial number: one unit among a million. */
export const globalSearchBySerialCase = searchCase('?search=SN-00050000', 'SN-00050000');
/** A common surname: a few hundred users. */
export const globalSearchBySurnameCase = searchCase('?search=kulkarni', 'kulkarni');
