import {
  addDays,
  DASHBOARD_ACTIVITY_SIZE,
  DASHBOARD_FAILING_WINDOW_DAYS,
  DASHBOARD_LIST_SIZE,
  DASHBOARD_TOP_SITES,
  DASHBOARD_WEEKS,
  type DashboardAssignment,
  type DashboardDataResponse,
  type DashboardFigure,
  type DashboardInspection,
  dueStatusLabels,
  utcDateOf,
} from '@inspecta/contract';
import { describeActivity } from '../../core/audit-wording.js';
import type { Clock } from '../../core/clock.js';
import { withFields } from '../../core/with-fields.js';
import type { Database } from '../../db/database.js';
import {
  type AssignmentListRow,
  DashboardRepository,
  type InspectionListRow,
} from './dashboard.repository.js';

const DAY_MS = 86_400_000;

/** Client paths of the lists the figures count; each lands on exactly the rows behind its number. */
export const dashboardLinks = {
  sites: (status: 'active') => `/dashboard/site-management?status=${status}`,
  equipment: (due?: 'overdue' | 'due_soon' | 'ok') =>
    due ? `/dashboard/equipment-management?due=${due}` : '/dashboard/equipment-management?status=installed',
  users: (type: 'inspector' | 'client') => `/dashboard/user-management?type=${type}&status=active`,
  openAssignments: (siteId?: number) =>
    siteId ? `/dashboard/inspection-management?site=${siteId}` : '/dashboard/inspection-management',
  overdueAssignments: (siteId?: number) =>
    `/dashboard/inspection-management?tab=overdue${siteId ? `&site=${siteId}` : ''}`,
  history: (from: string, to: string, siteId?: number) =>
    `/dashboard/inspection-management?tab=history${siteId ? `&site=${siteId}` : ''}&from=${from}&to=${to}`,
  inspection: (id: number) => `/dashboard/inspection-management/inspections/${id}`,
  actions: (view: 'open' | 'overdue') => `/dashboard/inspection-management?tab=actions&view=${view}`,
};

/** Whole days from `from` to `to` (YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The Monday (UTC) of the week that holds `date`. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** First day of the month of `date`, and of the month after. */
export function monthOf(date: string): { from: string; to: string; next: string } {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
  return { from: `${date.slice(0, 7)}-01`, to: addDays(next, -1), next };
}

const count = (n: number) => n.toLocaleString('en-IN');
const personName = (first: string, last: string) => `${first} ${last}`.trim();

/** The home screen: figures, charts and lists, read concurrently, each from an index. */
export class DashboardService {
  private readonly repo: DashboardRepository;

  /** `shopFigures`: the shop modules' home figures (stock, orders and shipments to handle, revenue), read alongside. */
  constructor(
    db: Database,
    private readonly clock: Clock,
    private readonly shopFigures: () => Promise<DashboardDataResponse['shop']>,
  ) {
    this.repo = new DashboardRepository(db);
  }

  async data(): Promise<DashboardDataResponse> {
    const today = utcDateOf(this.clock.now());
    const month = monthOf(today);
    const firstWeek = addDays(mondayOf(today), -7 * (DASHBOARD_WEEKS - 1));
    const failingSince = addDays(today, -(DASHBOARD_FAILING_WINDOW_DAYS - 1));

    const [
      siteCounts,
      units,
      people,
      work,
      thisMonth,
      perWeek,
      failing,
      nextDue,
      overdue,
      latest,
      activity,
      shop,
      actions,
    ] = await Promise.all([
      this.repo.siteCounts(),
      this.repo.equipmentFigures(today),
      this.repo.people(),
      this.repo.assignmentFigures(today),
      this.repo.completedBetween(month.from, month.next),
      this.repo.completedPerWeek(firstWeek),
      this.repo.topFailingSites(failingSince, DASHBOARD_TOP_SITES),
      this.repo.nextDue(today, DASHBOARD_LIST_SIZE),
      this.repo.mostOverdue(today, DASHBOARD_LIST_SIZE),
      this.repo.latestInspections(DASHBOARD_LIST_SIZE),
      this.repo.recentActivity(DASHBOARD_ACTIVITY_SIZE),
      this.shopFigures(),
      this.repo.actionFigures(today),
    ]);
    const names = await this.repo.entityNames(
      activity.flatMap((a) => (a.entityId ? [{ entityType: a.entityType, entityId: a.entityId }] : [])),
    );

    const completed = thisMonth.pass + thisMonth.fail;
    const installed = units.inService + units.outOfService;
    const figures: DashboardFigure[] = [
      {
        key: 'activeSites',
        label: 'Active sites',
        value: siteCounts.active,
        unit: 'count',
        detail: `${count(siteCounts.draft)} draft · ${count(siteCounts.inactive)} inactive`,
        link: dashboardLinks.sites('active'),
      },
      {
        key: 'equipmentInstalled',
        label: 'Equipment installed',
        value: installed,
        unit: 'count',
        detail: `${count(units.inService)} in service · ${count(units.outOfService)} out of service`,
        link: dashboardLinks.equipment(),
      },
      {
        key: 'inspectors',
        label: 'Inspectors',
        value: people.inspectors,
        unit: 'count',
        detail: 'Active inspector accounts',
        link: dashboardLinks.users('inspector'),
      },
      {
        key: 'clients',
        label: 'Clients',
        value: people.clients,
        unit: 'count',
        detail: 'Active client accounts',
        link: dashboardLinks.users('client'),
      },
      {
        key: 'openAssignments',
        label: 'Open assignments',
        value: work.open,
        unit: 'count',
        detail: `${count(work.inProgress)} in progress`,
        link: dashboardLinks.openAssignments(),
      },
      {
        key: 'overdueAssignments',
        label: 'Overdue',
        value: work.overdue,
        unit: 'count',
        detail: work.overdue === 0 ? 'Nothing past its due date' : 'Open and past their due date',
        link: dashboardLinks.overdueAssignments(),
      },
      {
        key: 'completedThisMonth',
        label: 'Completed this month',
        value: completed,
        unit: 'count',
        detail: `${count(thisMonth.fail)} failed`,
        link: dashboardLinks.history(month.from, month.to),
      },
      {
        key: 'passRateThisMonth',
        label: 'Pass rate this month',
        value: completed === 0 ? null : Math.round((thisMonth.pass / completed) * 1000) / 10,
        unit: 'percent',
        detail:
          completed === 0
            ? 'No inspections completed yet'
            : `${count(thisMonth.pass)} of ${count(completed)} passed`,
        link: dashboardLinks.history(month.from, month.to),
      },
    ];

    const inspectionsPerWeek = Array.from({ length: DASHBOARD_WEEKS }, (_, index) => {
      const weekStart = addDays(firstWeek, index * 7);
      const weekEnd = addDays(weekStart, 6);
      const of = (result: 'pass' | 'fail') =>
        perWeek.find((r) => r.bucket === index && r.result === result)?.n ?? 0;
      return {
        weekStart,
        weekEnd,
        pass: of('pass'),
        fail: of('fail'),
        link: dashboardLinks.history(weekStart, weekEnd),
      };
    });

    const equipmentByDue = (['overdue', 'due_soon', 'ok'] as const).map((due) => ({
      due,
      label: dueStatusLabels[due],
      count: due === 'overdue' ? units.overdue : due === 'due_soon' ? units.dueSoon : units.ok,
      link: dashboardLinks.equipment(due),
    }));

    return {
      today,
      month: { from: month.from, to: month.to },
      figures,
      charts: {
        inspectionsPerWeek,
        equipmentByDue,
        topFailingSites: failing.map((f) =>
          withFields(f, { link: dashboardLinks.history(failingSince, today, f.site.id) }),
        ),
        failingSitesSince: failingSince,
      },
      lists: {
        nextDue: nextDue.map((row) => toAssignment(row, today)),
        mostOverdue: overdue.map((row) => toAssignment(row, today)),
        latestInspections: latest.flatMap(toInspection),
        recentActivity: activity.map((row) => describeActivity(row, names)),
      },
      shop,
      actions: withFields(actions, {
        openLink: dashboardLinks.actions('open'),
        overdueLink: dashboardLinks.actions('overdue'),
      }),
    };
  }
}

function toAssignment(row: AssignmentListRow, today: string): DashboardAssignment {
  const daysOverdue = row.dueOn < today ? daysBetween(row.dueOn, today) : 0;
  return {
    id: row.id,
    status: row.status,
    priority: row.priority,
    dueOn: row.dueOn,
    daysOverdue,
    site: row.site,
    inspector: { id: row.inspectorId, name: personName(row.inspectorFirstName, row.inspectorLastName) },
    templateName: row.templateName,
    link:
      daysOverdue > 0
        ? dashboardLinks.overdueAssignments(row.site.id)
        : dashboardLinks.openAssignments(row.site.id),
  };
}

/** A completed inspection always has a result and a time; a row without them is not shown. */
function toInspection(row: InspectionListRow): DashboardInspection[] {
  if (!row.result || !row.completedAt) return [];
  return [
    {
      id: row.id,
      result: row.result,
      failedItems: row.failedItems,
      completedAt: row.completedAt.toISOString(),
      site: row.site,
      inspector: { id: row.inspectorId, name: personName(row.inspectorFirstName, row.inspectorLastName) },
      templateName: row.templateName,
      link: dashboardLinks.inspection(row.id),
    },
  ];
}
