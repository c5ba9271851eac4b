import type { PortalAttentionFilter } from '@inspecta/contract';
import { and, asc, count, desc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import { containsPattern } from '../../db/query-helpers.js';
import {
  correctiveActions,
  equipment,
  equipmentSearchText,
  equipmentTypes,
  inspectionCategories,
  inspections,
  reportSeals,
  sites,
  templates,
  users,
} from '../../db/schema.js';

/*
 * Reads for the client portal. Every query takes the client's id and reaches sites only through
 * `sites.client_id = clientId`, so a query cannot answer another client's rows whatever id it is
 * given (docs/portal.md, "Scoping").
 */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Corrective action statuses that still need work (contract: correctiveActionOpenStatuses). */
const OPEN_ACTION = sql`('open', 'in_progress')`;
/** Assignments still to be done at a site. */
const OPEN_ASSIGNMENT = sql`('assigned', 'in_progress')`;

/** Counts of a site's units (not retired) on a day: see the contract's portalUnitCountsSchema. */
export interface UnitCountsRow {
  total: number;
  inDate: number;
  dueSoon: number;
  overdue: number;
  failed: number;
}

export interface SiteCountsRow extends UnitCountsRow {
  id: number;
  siteCode: string;
  name: string;
  city: string | null;
  status: 'draft' | 'active' | 'inactive';
}

export interface OverviewRows {
  totals: UnitCountsRow & { sites: number; openActions: number };
  matched: number;
  page: SiteCountsRow[];
}

export interface SiteExtrasRow {
  id: number;
  openActions: number;
  nextScheduledFor: string | null;
  /** Earliest next due date of the site's units that are not retired (YYYY-MM-DD). */
  nextDueOn: string | null;
  lastInspectedAt: Date | null;
}

/**
 * One site's unit counts (units not retired), as a subquery over `equipment` alone for the site
 * `s.id`: it reads only the columns of equipment_site_overview_idx, so PostgreSQL counts each site
 * from one index range, never the units of other clients (bench 'portal overview': a LATERAL per
 * site beat one hash join and GROUP BY over every unit by half). `today` and `soon` (today + 30
 * days) are YYYY-MM-DD.
 */
function unitCounts(today: string, soon: string) {
  // As few aggregates per unit as the answer needs (each is paid 200,000 times): in date is what is
  // left once the units needing attention are counted, and the earliest due date is read for the
  // page's sites only (siteExtras). A quarter faster than six aggregates at the bench's size.
  return sql`lateral (
    select "total", "overdue", "dueSoon", "failed", "total" - "attention" as "inDate"
    from (
      select
        count(*)::int as "total",
        count(*) filter (where e.next_due_on < ${today}::date)::int as "overdue",
        count(*) filter (where e.next_due_on >= ${today}::date and e.next_due_on <= ${soon}::date)::int as "dueSoon",
        count(*) filter (where e.last_result = 'fail')::int as "failed",
        count(*) filter (where e.next_due_on <= ${soon}::date or e.last_result = 'fail')::int as "attention"
      from equipment e
      where e.site_id = s.id and e.status <> 'retired'
    ) as counted
  ) as c`;
}

/** The attention rank the overview sorts by: failed, then overdue, then due soon, then the rest. */
const ATTENTION_RANK = sql`case when "failed" > 0 then 0 when "overdue" > 0 then 1 when "dueSoon" > 0 then 2 else 3 end`;

function attentionCondition(filter: PortalAttentionFilter): SQL {
  switch (filter) {
    case 'attention':
      return sql`("failed" > 0 or "overdue" > 0 or "dueSoon" > 0)`;
    case 'overdue':
      return sql`"overdue" > 0`;
    case 'due_soon':
      return sql`"dueSoon" > 0`;
    case 'failed':
      return sql`"failed" > 0`;
    default:
      return sql`true`;
  }
}

const inspector = alias(users, 'inspector');
const siteClient = alias(users, 'site_client');

export class PortalRepository {
  constructor(private readonly db: Executor) {}

  /**
   * The overview in one statement: the client's sites with their unit counts (per site, from the
   * index), the totals over all of them, how many match the filters, and the page of
   * matching sites ordered by attention then name.
   */
  async overview(options: {
    clientId: number;
    today: string;
    soon: string;
    search: string | undefined;
    attention: PortalAttentionFilter;
    offset: number;
    limit: number;
  }): Promise<OverviewRows> {
    const { clientId, today, soon } = options;
    const searchCondition = options.search
      ? sql`search_text like ${containsPattern(options.search.toLowerCase())}`
      : sql`true`;
    const [row] = rowsOf<{ totals: OverviewRows['totals']; matched: number; page: SiteCountsRow[] }>(
      await this.db.execute(sql`
        with counted as (
          select s.id, s.site_code as "siteCode", s.name, s.city, s.status, s.search_text, c.*
          from sites s
          cross join ${unitCounts(today, soon)}
          where s.client_id = ${clientId}
        ),
        ranked as (
          select counted.*, ${ATTENTION_RANK} as rank from counted
        ),
        matching as (
          select * from ranked where ${searchCondition} and ${attentionCondition(options.attention)}
        )
        select
          (select json_build_object(
              'sites', count(*)::int,
              'total', coalesce(sum("total"), 0)::int,
              'inDate', coalesce(sum("inDate"), 0)::int,
              'dueSoon', coalesce(sum("dueSoon"), 0)::int,
              'overdue', coalesce(sum("overdue"), 0)::int,
              'failed', coalesce(sum("failed"), 0)::int,
              'openActions', (
                select count(*)::int from corrective_actions ca
                join sites s on s.id = ca.site_id
                where s.client_id = ${clientId} and ca.status in ${OPEN_ACTION}
              )
            ) from counted) as totals,
          (select count(*)::int from matching) as matched,
          (select coalesce(json_agg(p), '[]'::json) from (
            select id, "siteCode", name, city, status, "total", "overdue", "dueSoon", "failed", "inDate"
            from matching
            order by rank, lower(name), id
            limit ${options.limit} offset ${options.offset}
          ) as p) as page
      `),
    );
    return row!;
  }

  /** The client's own names (the session's user has no company). */
  async client(clientId: number) {
    const [row] = await this.db
      .select({ firstName: users.firstName, lastName: users.lastName, company: users.company })
      .from(users)
      .where(eq(users.id, clientId));
    return row;
  }

  /** One site of the client with its unit counts, or undefined (another client's, or unknown). */
  async siteOf(clientId: number, siteId: number, today: string, soon: string) {
    const [row] = rowsOf<
      SiteCountsRow & {
        addressLine1: string | null;
        addressLine2: string | null;
        district: string | null;
        state: string | null;
        pincode: string | null;
        country: string | null;
        contactName: string | null;
        contactPhone: string | null;
        contactEmail: string | null;
      }
    >(
      await this.db.execute(sql`
        select s.id, s.site_code as "siteCode", s.name, s.city, s.status,
          s.address_line1 as "addressLine1", s.address_line2 as "addressLine2", s.district, s.state,
          s.pincode, s.country, s.contact_name as "contactName", s.contact_phone as "contactPhone",
          s.contact_email as "contactEmail", c.*
        from sites s
        cross join ${unitCounts(today, soon)}
        where s.id = ${siteId} and s.client_id = ${clientId}
      `),
    );
    return row;
  }

  /**
   * For a page of sites (at most 100): open actions, the earliest open assignment, the earliest due
   * date, the latest completed inspection.
   */
  async siteExtras(siteIds: number[]): Promise<Map<number, SiteExtrasRow>> {
    if (!siteIds.length) return new Map();
    const rows = rowsOf<{
      id: number;
      openActions: number;
      nextScheduledFor: string | null;
      nextDueOn: string | null;
      lastInspectedAt: string | null;
    }>(
      await this.db.execute(sql`
        select s.id,
          (select count(*)::int from corrective_actions ca
            where ca.site_id = s.id and ca.status in ${OPEN_ACTION}) as "openActions",
          (select to_char(min(a.scheduled_for), 'YYYY-MM-DD') from assignments a
            where a.site_id = s.id and a.status in ${OPEN_ASSIGNMENT}) as "nextScheduledFor",
          (select to_char(min(e.next_due_on), 'YYYY-MM-DD') from equipment e
            where e.site_id = s.id and e.status <> 'retired') as "nextDueOn",
          to_json((select max(i.completed_at) from inspections i
            where i.site_id = s.id and i.status = 'completed')) #>> '{}' as "lastInspectedAt"
        from sites s
        where s.id in (${sql.join(
          siteIds.map((id) => sql`${id}`),
          sql`, `,
        )})
      `),
    );
    return new Map(
      rows.map((r) => [
        r.id,
        withFields(r, { lastInspectedAt: r.lastInspectedAt ? new Date(r.lastInspectedAt) : null }),
      ]),
    );
  }

  /** A page of one site's units (the caller has checked the site is the client's). */
  async units(options: {
    siteId: number;
    today: string;
    soon: string;
    search: string | undefined;
    due: 'all' | 'overdue' | 'due_soon' | 'ok' | 'failed';
    offset: number;
    limit: number;
  }) {
    const conditions: (SQL | undefined)[] = [eq(equipment.siteId, options.siteId)];
    if (options.search) {
      const pattern = containsPattern(options.search);
      conditions.push(or(ilike(equipmentSearchText(equipment), pattern), ilike(equipment.location, pattern)));
    }
    const live = sql`${equipment.status} <> 'retired'`;
    switch (options.due) {
      case 'overdue':
        conditions.push(live, lt(equipment.nextDueOn, options.today));
        break;
      case 'due_soon':
        conditions.push(
          live,
          sql`${equipment.nextDueOn} >= ${options.today}::date and ${equipment.nextDueOn} <= ${options.soon}::date`,
        );
        break;
      case 'ok':
        conditions.push(live, sql`${equipment.nextDueOn} > ${options.soon}::date`);
        break;
      case 'failed':
        conditions.push(live, eq(equipment.lastResult, 'fail'));
        break;
    }
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: equipment.id,
          name: equipment.name,
          assetTag: equipment.assetTag,
          serialNumber: equipment.serialNumber,
          type: equipmentTypes.name,
          location: equipment.location,
          status: equipment.status,
          lastInspectedAt: equipment.lastInspectedAt,
          lastResult: equipment.lastResult,
          nextDueOn: equipment.nextDueOn,
        })
        .from(equipment)
        .innerJoin(equipmentTypes, eq(equipmentTypes.id, equipment.equipmentTypeId))
        .where(where)
        .orderBy(sql`${equipment.nextDueOn} asc nulls last`, asc(equipment.id))
        .offset(options.offset)
        .limit(options.limit),
      this.db.select({ n: count() }).from(equipment).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** A page of the client's completed inspections, newest first, with their seals. */
  async inspections(options: {
    clientId: number;
    siteId: number | undefined;
    result: 'pass' | 'fail' | undefined;
    offset: number;
    limit: number;
  }) {
    const conditions: SQL[] = [eq(sites.clientId, options.clientId), eq(inspections.status, 'completed')];
    if (options.siteId) conditions.push(eq(inspections.siteId, options.siteId));
    if (options.result) conditions.push(eq(inspections.result, options.result));
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: inspections.id,
          assignmentId: inspections.assignmentId,
          result: inspections.result,
          failedItems: inspections.failedItems,
          totalItems: inspections.totalItems,
          unitCount: inspections.unitCount,
          templateVersion: inspections.templateVersion,
          startedAt: inspections.startedAt,
          completedAt: inspections.completedAt,
          site: { id: sites.id, name: sites.name, siteCode: sites.siteCode, city: sites.city },
          client: {
            firstName: siteClient.firstName,
            lastName: siteClient.lastName,
            company: siteClient.company,
          },
          inspector: { id: inspector.id, firstName: inspector.firstName, lastName: inspector.lastName },
          category: {
            id: inspectionCategories.id,
            name: inspectionCategories.name,
            colour: inspectionCategories.colour,
          },
          template: { id: templates.id, name: templates.name },
          sealId: reportSeals.id,
        })
        .from(inspections)
        .innerJoin(sites, eq(sites.id, inspections.siteId))
        .leftJoin(siteClient, eq(siteClient.id, sites.clientId))
        .innerJoin(inspector, eq(inspector.id, inspections.inspectorId))
        .innerJoin(inspectionCategories, eq(inspectionCategories.id, inspections.categoryId))
        .innerJoin(templates, eq(templates.id, inspections.templateId))
        .leftJoin(reportSeals, eq(reportSeals.inspectionId, inspections.id))
        .where(where)
        .orderBy(desc(inspections.completedAt), desc(inspections.id))
        .offset(options.offset)
        .limit(options.limit),
      this.db
        .select({ n: count() })
        .from(inspections)
        .innerJoin(sites, eq(sites.id, inspections.siteId))
        .where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** Whether a completed inspection is at one of the client's sites. */
  async ownsCompletedInspection(clientId: number, inspectionId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: inspections.id })
      .from(inspections)
      .innerJoin(sites, eq(sites.id, inspections.siteId))
      .where(
        and(
          eq(inspections.id, inspectionId),
          eq(inspections.status, 'completed'),
          eq(sites.clientId, clientId),
        ),
      );
    return !!row;
  }

  async sealOf(inspectionId: number) {
    const [row] = await this.db
      .select({ id: reportSeals.id, hash: reportSeals.hash, sealedAt: reportSeals.sealedAt })
      .from(reportSeals)
      .where(eq(reportSeals.inspectionId, inspectionId));
    return row ?? null;
  }

  async openActionsOfInspection(inspectionId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(correctiveActions)
      .where(
        and(
          eq(correctiveActions.inspectionId, inspectionId),
          inArray(correctiveActions.status, ['open', 'in_progress']),
        ),
      );
    return Number(row?.n ?? 0);
  }

  /** A unit at one of the client's sites (a scanned asset label), or undefined. */
  async clientUnit(clientId: number, equipmentId: number) {
    const [row] = await this.db
      .select({
        siteId: equipment.siteId,
        unit: { id: equipment.id, name: equipment.name, assetTag: equipment.assetTag },
      })
      .from(equipment)
      .innerJoin(sites, eq(sites.id, equipment.siteId))
      .where(and(eq(equipment.id, equipmentId), eq(sites.clientId, clientId)))
      .limit(1);
    return row;
  }

  // ---------------------------------------------------------------- the compliance certificate

  /** The site (of this client) and the client's names, for the certificate's heading. */
  async certificateSite(clientId: number, siteId: number) {
    const [row] = await this.db
      .select({
        id: sites.id,
        siteCode: sites.siteCode,
        name: sites.name,
        addressLine1: sites.addressLine1,
        addressLine2: sites.addressLine2,
        city: sites.city,
        state: sites.state,
        pincode: sites.pincode,
        client: { firstName: users.firstName, lastName: users.lastName, company: users.company },
      })
      .from(sites)
      .innerJoin(users, eq(users.id, sites.clientId))
      .where(and(eq(sites.id, siteId), eq(sites.clientId, clientId)));
    return row;
  }

  /**
   * The site's units that existed by the end of the day (`before`, exclusive), not retired, each
   * with its latest inspection completed before that instant (date, result, inspection, seal).
   */
  async certificateUnits(siteId: number, before: Date) {
    const rows = rowsOf<{
      id: number;
      name: string;
      assetTag: string;
      type: string;
      intervalDays: number;
      installedOn: string | null;
      createdOn: string;
      storedLastInspectedOn: string | null;
      inspectedOn: string | null;
      result: 'pass' | 'fail' | null;
      inspectionId: number | null;
      sealId: string | null;
    }>(
      await this.db.execute(sql`
        select e.id, e.name, e.asset_tag as "assetTag", t.name as type,
          t.inspection_interval_days as "intervalDays",
          to_char(e.installed_on, 'YYYY-MM-DD') as "installedOn",
          to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD') as "createdOn",
          to_char(e.last_inspected_at at time zone 'UTC', 'YYYY-MM-DD') as "storedLastInspectedOn",
          to_char(last.completed_at at time zone 'UTC', 'YYYY-MM-DD') as "inspectedOn",
          last.result, last.inspection_id as "inspectionId",
          rs.id as "sealId"
        from equipment e
        join equipment_types t on t.id = e.equipment_type_id
        left join lateral (
          select u.completed_at, u.result, u.inspection_id from inspection_units u
          where u.equipment_id = e.id and u.completed_at < ${before.toISOString()}::timestamptz
          order by u.completed_at desc, u.inspection_id desc
          limit 1
        ) last on true
        left join report_seals rs on rs.inspection_id = last.inspection_id
        where e.site_id = ${siteId} and e.status <> 'retired'
          and e.created_at < ${before.toISOString()}::timestamptz
        order by e.asset_tag, e.id
      `),
    );
    return rows;
  }

  /** Corrective actions at the site that were open at the instant `before`. */
  async actionsOpenAt(siteId: number, before: Date) {
    const at = before.toISOString();
    return this.db
      .select({
        id: correctiveActions.id,
        title: correctiveActions.title,
        priority: correctiveActions.priority,
        dueOn: correctiveActions.dueOn,
        createdAt: correctiveActions.createdAt,
      })
      .from(correctiveActions)
      .where(
        and(
          eq(correctiveActions.siteId, siteId),
          lt(correctiveActions.createdAt, before),
          // Not yet closed at that instant: resolved (or verified) and cancelled actions carry when.
          sql`not (${correctiveActions.status} in ('resolved', 'verified') and ${correctiveActions.resolvedAt} < ${at}::timestamptz)`,
          sql`not (${correctiveActions.status} = 'cancelled' and ${correctiveActions.cancelledAt} < ${at}::timestamptz)`,
        ),
      )
      .orderBy(asc(correctiveActions.dueOn), asc(correctiveActions.id));
  }
}
