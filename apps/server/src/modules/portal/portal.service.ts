import {
  addDays,
  DUE_SOON_DAYS,
  dueStatusOf,
  type InspectionDetail,
  type OrganisationSettingsResponse,
  type PortalCertificateQuery,
  type PortalEquipmentQuery,
  type PortalEquipmentResponse,
  type PortalInspectionDetail,
  type PortalInspectionsQuery,
  type PortalInspectionsResponse,
  type PortalOverviewQuery,
  type PortalOverviewResponse,
  type PortalSite,
  type PortalSiteSummary,
  type PortalUnitResponse,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { withFields } from '../../core/with-fields.js';
import type { Database } from '../../db/database.js';
import { todayOf } from '../../db/query-helpers.js';
import {
  type CertificateAction,
  type CertificateUnit,
  certificateFileName,
  renderCertificatePdf,
} from './certificate-pdf.js';
import { PortalRepository, type SiteCountsRow, type SiteExtrasRow } from './portal.repository.js';

/** The admin inspection detail, read through the inspections module's service (its public face). */
export interface InspectionDetailReader {
  detail(id: number): Promise<InspectionDetail>;
}

/** The sealed PDF report admins download (inspections module): the portal hands out the same file. */
export interface InspectionReportRenderer {
  report(id: number): Promise<{ pdf: NodeJS.ReadableStream; fileName: string }>;
}

/** Only the organisation the certificate prints (settings module). */
export interface OrganisationReader {
  organisation(): Promise<OrganisationSettingsResponse>;
}

export interface PortalPdf {
  pdf: NodeJS.ReadableStream;
  fileName: string;
}

/** Another client's object answers exactly as an unknown id (docs/portal.md, "Scoping"). */
const siteNotFound = () => AppError.notFound('Site');
const inspectionNotFound = () => AppError.notFound('Inspection');

function personName(p: { firstName: string; lastName: string }): string {
  return `${p.firstName} ${p.lastName}`.trim();
}

function toSummary(row: SiteCountsRow, extras: SiteExtrasRow | undefined): PortalSiteSummary {
  return {
    id: row.id,
    siteCode: row.siteCode,
    name: row.name,
    city: row.city,
    status: row.status,
    units: {
      total: row.total,
      inDate: row.inDate,
      dueSoon: row.dueSoon,
      overdue: row.overdue,
      failed: row.failed,
    },
    // An inspection already booked says when someone comes; otherwise the earliest due date does.
    nextInspectionOn: extras?.nextScheduledFor ?? extras?.nextDueOn ?? null,
    openActions: extras?.openActions ?? 0,
    lastInspectedAt: extras?.lastInspectedAt?.toISOString() ?? null,
  };
}

/**
 * The client portal's reads (issue 20, docs/portal.md): everything is scoped to the sites whose
 * client is the signed-in user; another client's site or inspection is "not found", never
 * "forbidden", so ids cannot be probed.
 */
export class PortalService {
  private readonly repo: PortalRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly inspections: InspectionDetailReader,
    private readonly reports: InspectionReportRenderer,
    private readonly settings: OrganisationReader,
  ) {
    this.repo = new PortalRepository(db);
  }

  private days() {
    const today = todayOf(this.clock);
    return { today, soon: addDays(today, DUE_SOON_DAYS) };
  }

  async overview(auth: AuthContext, query: PortalOverviewQuery): Promise<PortalOverviewResponse> {
    const { today, soon } = this.days();
    const [{ totals, matched, page }, me] = await Promise.all([
      this.repo.overview({
        clientId: auth.userId,
        today,
        soon,
        search: query.search,
        attention: query.attention,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      }),
      this.repo.client(auth.userId),
    ]);
    const extras = await this.repo.siteExtras(page.map((s) => s.id));
    return {
      client: { name: me ? personName(me) : personName(auth.user), company: me?.company ?? null },
      totals: {
        sites: totals.sites,
        units: totals.total,
        inDate: totals.inDate,
        dueSoon: totals.dueSoon,
        overdue: totals.overdue,
        failed: totals.failed,
        openActions: totals.openActions,
      },
      sites: page.map((row) => toSummary(row, extras.get(row.id))),
      pagination: { page: query.page, limit: query.limit, total: matched },
    };
  }

  async site(auth: AuthContext, siteId: number): Promise<PortalSite> {
    const { today, soon } = this.days();
    const row = await this.repo.siteOf(auth.userId, siteId, today, soon);
    if (!row) throw siteNotFound();
    const extras = await this.repo.siteExtras([row.id]);
    return withFields(toSummary(row, extras.get(row.id)), {
      addressLine1: row.addressLine1,
      addressLine2: row.addressLine2,
      district: row.district,
      state: row.state,
      pincode: row.pincode,
      country: row.country,
      contactName: row.contactName,
      contactPhone: row.contactPhone,
      contactEmail: row.contactEmail,
    });
  }

  /** Where a scanned asset label takes the client: the unit's site; 404 for a unit not at their sites. */
  async unit(auth: AuthContext, equipmentId: number): Promise<PortalUnitResponse> {
    const row = await this.repo.clientUnit(auth.userId, equipmentId);
    if (!row) throw AppError.notFound('Equipment');
    return row;
  }

  private async assertSite(auth: AuthContext, siteId: number) {
    const site = await this.repo.certificateSite(auth.userId, siteId);
    if (!site) throw siteNotFound();
    return site;
  }

  async equipment(
    auth: AuthContext,
    siteId: number,
    query: PortalEquipmentQuery,
  ): Promise<PortalEquipmentResponse> {
    await this.assertSite(auth, siteId);
    const { today, soon } = this.days();
    const { rows, total } = await this.repo.units({
      siteId,
      today,
      soon,
      search: query.search,
      due: query.due,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return {
      equipments: rows.map((u) =>
        withFields(u, {
          lastInspectedAt: u.lastInspectedAt?.toISOString() ?? null,
          dueStatus: u.status === 'retired' ? null : dueStatusOf(u.nextDueOn, today),
        }),
      ),
      pagination: { page: query.page, limit: query.limit, total },
    };
  }

  async inspectionList(auth: AuthContext, query: PortalInspectionsQuery): Promise<PortalInspectionsResponse> {
    const { rows, total } = await this.repo.inspections({
      clientId: auth.userId,
      siteId: query.siteId,
      result: query.result,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return {
      data: rows.map((r) => ({
        id: r.id,
        assignmentId: r.assignmentId,
        result: r.result ?? 'pass',
        failedItems: r.failedItems,
        totalItems: r.totalItems,
        unitCount: r.unitCount,
        site: withFields(r.site, { clientName: r.client ? r.client.company || personName(r.client) : null }),
        inspector: { id: r.inspector.id, name: personName(r.inspector) },
        category: r.category,
        template: { id: r.template.id, name: r.template.name, version: r.templateVersion },
        startedAt: r.startedAt.toISOString(),
        completedAt: (r.completedAt ?? r.startedAt).toISOString(),
        sealId: r.sealId,
      })),
      pagination: { page: query.page, limit: query.limit, total },
    };
  }

  async inspection(auth: AuthContext, inspectionId: number): Promise<PortalInspectionDetail> {
    if (!(await this.repo.ownsCompletedInspection(auth.userId, inspectionId))) throw inspectionNotFound();
    const [detail, seal, openActions] = await Promise.all([
      this.inspections.detail(inspectionId),
      this.repo.sealOf(inspectionId),
      this.repo.openActionsOfInspection(inspectionId),
    ]);
    // Named field by field: the admin detail may grow internal fields that must not reach a client.
    return {
      id: detail.id,
      assignmentId: detail.assignmentId,
      result: detail.result,
      failedItems: detail.failedItems,
      totalItems: detail.totalItems,
      unitCount: detail.unitCount,
      site: detail.site,
      inspector: detail.inspector,
      category: detail.category,
      template: detail.template,
      startedAt: detail.startedAt,
      completedAt: detail.completedAt,
      remarks: detail.remarks,
      content: detail.content,
      units: detail.units,
      dueOn: detail.dueOn,
      scheduledFor: detail.scheduledFor,
      seal: seal
        ? {
            id: seal.id,
            hash: seal.hash,
            sealedAt: seal.sealedAt.toISOString(),
            verifyPath: `/verify/${seal.id}`,
          }
        : null,
      openActions,
    };
  }

  /** The same sealed PDF report admins download (seal box and QR code included). */
  async report(auth: AuthContext, inspectionId: number): Promise<PortalPdf> {
    if (!(await this.repo.ownsCompletedInspection(auth.userId, inspectionId))) throw inspectionNotFound();
    return this.reports.report(inspectionId);
  }

  /**
   * The compliance certificate of a site on a day (default today, UTC; never in the future): each
   * unit with its latest inspection by the end of that day and its due status on that day, the
   * corrective actions open then, and a verdict. Audited: the client took a document away.
   */
  async certificate(
    auth: AuthContext,
    siteId: number,
    query: PortalCertificateQuery,
    origin: RequestOrigin,
  ): Promise<PortalPdf> {
    const today = todayOf(this.clock);
    const date = query.date ?? today;
    if (date > today) {
      throw AppError.validation([{ field: 'date', message: 'The date must not be in the future' }]);
    }
    const site = await this.assertSite(auth, siteId);
    const endOfDay = new Date(`${addDays(date, 1)}T00:00:00Z`);
    const [unitRows, actionRows, { organisation }] = await Promise.all([
      this.repo.certificateUnits(siteId, endOfDay),
      this.repo.actionsOpenAt(siteId, endOfDay),
      this.settings.organisation(),
    ]);

    const units: CertificateUnit[] = unitRows.map((u) => {
      const inspectedOn = u.inspectedOn;
      // The due date as it stood that day: the equipment rule (contract computeNextDueOn) on the
      // latest inspection by then; a date set by hand (imports) counts when it is not later.
      const stored = u.storedLastInspectedOn;
      const lastOn = [inspectedOn, stored && stored <= date ? stored : null]
        .filter((d): d is string => !!d)
        .sort()
        .pop();
      const base = lastOn ?? (u.installedOn && u.installedOn <= date ? u.installedOn : u.createdOn);
      const nextDueOn = addDays(base, u.intervalDays);
      return {
        name: u.name,
        assetTag: u.assetTag,
        type: u.type,
        inspectedOn,
        result: u.result,
        sealId: u.sealId,
        nextDueOn,
        dueStatus: dueStatusOf(nextDueOn, date),
      };
    });
    const actions: CertificateAction[] = actionRows.map((a) => ({
      id: a.id,
      title: a.title,
      priority: a.priority,
      dueOn: a.dueOn,
    }));
    const overdue = units.filter((u) => u.dueStatus === 'overdue').length;
    const failed = units.filter((u) => u.result === 'fail').length;
    const reasons = [
      overdue ? `${overdue} unit${overdue === 1 ? ' was' : 's were'} overdue for inspection` : null,
      failed ? `${failed} unit${failed === 1 ? '' : 's'} failed its latest inspection` : null,
      actions.length
        ? `${actions.length} corrective action${actions.length === 1 ? ' was' : 's were'} open`
        : null,
    ].filter((r): r is string => !!r);

    const address = [site.addressLine1, site.addressLine2, site.city, site.state, site.pincode]
      .filter((part) => part?.trim())
      .join(', ');
    const pdf = await renderCertificatePdf({
      organisationName: organisation.companyName,
      date,
      site: { siteCode: site.siteCode, name: site.name, address: address || null },
      clientName: site.client.company || personName(site.client),
      units,
      actions,
      compliant: reasons.length === 0,
      reasons,
      generatedAt: this.clock.now(),
    });
    await recordAudit(this.db, {
      actorId: auth.userId,
      action: 'portal.certificate_downloaded',
      entityType: 'site',
      entityId: siteId,
      after: { date, compliant: reasons.length === 0, units: units.length },
      ipAddress: origin.ip,
    });
    return { pdf, fileName: certificateFileName(site.siteCode, date) };
  }
}
