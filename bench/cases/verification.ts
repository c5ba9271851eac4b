import { sql } from 'drizzle-orm';
import { reportSeals } from '../../apps/server/src/db/schema.js';
import {
  buildSealRecord,
  canonicalJson,
  sealHash,
  signHash,
} from '../../apps/server/src/modules/verification/seal-record.js';
import type { BenchContext } from '../harness.js';

/**
 * Issue 20 at scale (PostgreSQL only): a chain of BENCH_SEALS (default 1,000,000) real seals, each
 * over a completed inspection generated set-based in SQL, hashed, chained and signed in Node with the
 * app's own key in batches of 2,000 (the way submit seals, without the HTTP and the locks), then
 * `verify chain` timed: every seal re-hashed, its signature verified and its record compared with
 * the live inspection, in keyset batches of 1,000.
 */
const SEALS = Number(process.env.BENCH_SEALS ?? 1_000_000);
const BATCH = 2_000;

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

export async function runChainVerification({ app, driver }: BenchContext): Promise<void> {
  if (driver !== 'postgres') return;
  const db = app.database.db;
  const verification = app.services.verification;
  const one = async (query: ReturnType<typeof sql>) => rowsOf(await db.execute(query))[0]!;

  let started = performance.now();
  const inspector = await one(
    sql`insert into users (user_type, first_name, last_name, email) values ('inspector', 'Seal', 'Bench', 'seal-bench@inspecta.test') returning id`,
  );
  const category = await one(
    sql`insert into inspection_categories (name, colour) values ('Seal bench', 'blue') returning id`,
  );
  const template = await one(
    sql`insert into templates (name, category_id, status, published_version) values ('Seal bench checklist', ${category.id}, 'published', 1) returning id`,
  );
  await db.execute(
    sql`insert into template_versions (template_id, version, status, content) values (${template.id}, 1, 'published', '{"sections":[]}'::jsonb)`,
  );
  const site = await one(
    sql`insert into sites (site_code, name, status) values ('SB-000001', 'Seal bench site', 'active') returning id`,
  );
  await db.execute(sql`
    insert into assignments (site_id, inspector_id, category_id, template_id, template_version, status, scheduled_for, due_on, started_at, completed_at)
    select ${site.id}, ${inspector.id}, ${category.id}, ${template.id}, 1, 'completed', date '2020-01-01' + i / 500, date '2020-01-01' + i / 500,
           timestamptz '2020-01-01' + i * interval '3 minutes', timestamptz '2020-01-01' + i * interval '3 minutes' + interval '40 minutes'
    from generate_series(1, ${SEALS}) g(i)`);
  await db.execute(sql`
    insert into inspections (assignment_id, site_id, inspector_id, category_id, template_id, template_version, status, result,
                             answers, results, failed_items, total_items, unit_count, started_at, completed_at)
    select a.id, a.site_id, a.inspector_id, a.category_id, a.template_id, 1, 'completed',
           case when a.id % 6 = 0 then 'fail' else 'pass' end::inspection_result,
           jsonb_build_object('units', jsonb_build_array(jsonb_build_object('equipmentId', a.id, 'answers',
             jsonb_build_object('gauge_ok', case when a.id % 6 = 0 then 'fail' else 'pass' end, 'pressure', 10 + (a.id % 50) / 10.0,
                                'notes', 'Mounted at 1.2 m, bracket checked', 'photo', jsonb_build_array(), 'signature', null))),
             'remarks', null),
           jsonb_build_object('units', jsonb_build_array(jsonb_build_object('result', case when a.id % 6 = 0 then 'fail' else 'pass' end,
             'items', jsonb_build_array(jsonb_build_object('key', 'gauge_ok', 'outcome', case when a.id % 6 = 0 then 'fail' else 'pass' end))))),
           case when a.id % 6 = 0 then 1 else 0 end, 5, 1, a.started_at, a.completed_at
    from assignments a where a.template_id = ${template.id}`);
  await db.execute(sql`analyze`);
  const generatedMs = performance.now() - started;

  // Seal them in completion order, chained from the head, with the app's key.
  started = performance.now();
  const key = await verification.signingKey();
  const head = await one(sql`select coalesce(max(sequence), 0)::bigint as seq from report_seals`);
  let sequence = Number(head.seq);
  let previousHash =
    sequence === 0
      ? '0'.repeat(64)
      : String((await one(sql`select hash from report_seals where sequence = ${sequence}`)).hash);
  let afterId = 0;
  const sealedAt = new Date();
  for (;;) {
    const rows = rowsOf(
      await db.execute(sql`
        select id, assignment_id, site_id, inspector_id, template_id, template_version, result, failed_items, total_items,
               unit_count, answers, results, remarks, completed_at
        from inspections where template_id = ${template.id} and id > ${afterId} order by id limit ${BATCH}`),
    );
    if (!rows.length) break;
    const values = rows.map((r) => {
      const record = canonicalJson(
        buildSealRecord({
          inspection: {
            id: Number(r.id),
            assignmentId: Number(r.assignment_id),
            siteId: Number(r.site_id),
            inspectorId: Number(r.inspector_id),
            templateId: Number(r.template_id),
            templateVersion: Number(r.template_version),
            result: r.result as string,
            failedItems: Number(r.failed_items),
            totalItems: Number(r.total_items),
            unitCount: Number(r.unit_count),
            answers: r.answers,
            results: r.results,
            remarks: (r.remarks as string | null) ?? null,
            completedAt: new Date(r.completed_at as string),
          },
          inspectorName: 'Seal Bench',
          files: {},
          device: null,
        }),
      );
      const envelope = {
        id: `${(++sequence).toString(16).padStart(16, '0')}${'b'.repeat(16)}`,
        sequence,
        previousHash,
        sealedAt,
        sealedLater: true,
        record,
      };
      const hash = sealHash(envelope);
      previousHash = hash;
      return { ...envelope, inspectionId: Number(r.id), hash, signature: signHash(hash, key.privateKey) };
    });
    await db.insert(reportSeals).values(values);
    afterId = Number(rows[rows.length - 1]!.id);
  }
  await db.execute(sql`
    insert into report_seal_chain_head (id, last_sequence, last_hash) values (1, ${sequence}, ${previousHash})
    on conflict (id) do update set last_sequence = excluded.last_sequence, last_hash = excluded.last_hash`);
  await db.execute(sql`analyze report_seals`);
  const sealingMs = performance.now() - started;

  const result = await verification.verifyChain();
  console.log(
    `   verify chain (PostgreSQL): ${SEALS.toLocaleString('en-IN')} inspections generated in ${(generatedMs / 1000).toFixed(1)} s, ` +
      `sealed in ${(sealingMs / 1000).toFixed(1)} s (${Math.round((SEALS / sealingMs) * 1000)}/s)`,
  );
  console.log(
    `   verify chain: ${result.checked.toLocaleString('en-IN')} seals checked in ${(result.elapsedMs / 1000).toFixed(1)} s ` +
      `(${Math.round((result.checked / result.elapsedMs) * 1000)} seals/s), valid=${result.valid}` +
      (result.firstBreak ? `, first break ${result.firstBreak.sequence}: ${result.firstBreak.problem}` : ''),
  );
}
