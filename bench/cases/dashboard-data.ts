import type { BenchCase } from '../harness.js';
import { EQUIPMENT_UNITS, prepareOnce as prepareEquipment } from './equipment-list.js';
import { INSPECTION_COUNT, prepareInspections } from './inspections-data.js';
import { SITE_COUNT } from './sites-search.js';

/**
 * The home screen's one request (`GET /api/dashboard/data`) over the shared generators: 100,000
 * sites (sites-search) with 1,000,000 completed inspections and 6,000 open assignments
 * (inspections-data), plus equipment-list's 1,000,000 units on PostgreSQL (100,000 inspections and
 * units on PGlite). The goal: under 200 ms on PostgreSQL.
 */
export const dashboardDataCase: BenchCase = {
  name: 'GET dashboard/data (home)',
  goals: { p99OneConnectionMs: 200 },
  async prepare(ctx) {
    const [{ headers }] = await Promise.all([prepareInspections(ctx), prepareEquipment(ctx)]);
    console.log(
      `   (home: ${SITE_COUNT / 1000}k sites, ${INSPECTION_COUNT[ctx.driver] / 1000}k inspections, ${EQUIPMENT_UNITS[ctx.driver] / 1000}k units)`,
    );
    return { path: '/api/dashboard/data', headers };
  },
};
