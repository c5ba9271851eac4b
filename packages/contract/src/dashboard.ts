import { z } from 'zod';
import { assignmentPrioritySchema, assignmentStatusSchema } from './assignments.js';
import { isoDateTimeSchema } from './common.js';
import { dueStatusSchema } from './equipment.js';
import { inspectionResultSchema } from './inspections.js';

/**
 * GET /api/dashboard/data: everything the home screen shows, in one answer. Every figure and chart
 * bucket carries `link`, the client path of the filtered list it counts, so a click lands on exactly
 * the rows behind the number. "Today" is the UTC calendar date of the server clock everywhere.
 */

export const dashboardFigureKeys = [
  'activeSites',
  'equipmentInstalled',
  'inspectors',
  'clients',
  'openAssignments',
  'overdueAssignments',
  'completedThisMonth',
  'passRateThisMonth',
] as const;
export type DashboardFigureKey = (typeof dashboardFigureKeys)[number];

export const dashboardFigureSchema = z.object({
  key: z.enum(dashboardFigureKeys),
  label: z.string(),
  value: z
    .number()
    .nullable()
    .describe(
      'A count, or a percentage (0-100, one decimal) for passRateThisMonth; null when there is nothing to rate',
    ),
  unit: z.enum(['count', 'percent']),
  detail: z.string().describe('One short line under the number, e.g. "12 of 14 passed"'),
  link: z.string().describe('Client path of the filtered list this figure counts'),
});
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;

export const dashboardWeekSchema = z.object({
  weekStart: z.string().describe('Monday of the week (YYYY-MM-DD, UTC)'),
  weekEnd: z.string().describe('Sunday of the week (YYYY-MM-DD, UTC)'),
  pass: z.number().int(),
  fail: z.number().int(),
  link: z.string(),
});
export type DashboardWeek = z.infer<typeof dashboardWeekSchema>;

export const dashboardDueBucketSchema = z.object({
  due: dueStatusSchema,
  label: z.string(),
  count: z.number().int(),
  link: z.string(),
});
export type DashboardDueBucket = z.infer<typeof dashboardDueBucketSchema>;

const siteRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  siteCode: z.string(),
  city: z.string().nullable(),
});

export const dashboardFailingSiteSchema = z.object({
  site: siteRefSchema,
  failedItems: z.number().int().describe('Failed checklist items over the window'),
  failedInspections: z.number().int().describe('Inspections with result fail over the window'),
  link: z.string(),
});
export type DashboardFailingSite = z.infer<typeof dashboardFailingSiteSchema>;

export const dashboardAssignmentSchema = z.object({
  id: z.number().int(),
  status: assignmentStatusSchema,
  priority: assignmentPrioritySchema,
  dueOn: z.string().describe('YYYY-MM-DD'),
  daysOverdue: z.number().int().describe('Days past the due date; 0 when not overdue'),
  site: siteRefSchema,
  inspector: z.object({ id: z.number().int(), name: z.string() }),
  templateName: z.string(),
  link: z.string(),
});
export type DashboardAssignment = z.infer<typeof dashboardAssignmentSchema>;

export const dashboardInspectionSchema = z.object({
  id: z.number().int(),
  result: inspectionResultSchema,
  failedItems: z.number().int(),
  completedAt: isoDateTimeSchema,
  site: siteRefSchema,
  inspector: z.object({ id: z.number().int(), name: z.string() }),
  templateName: z.string(),
  link: z.string(),
});
export type DashboardInspection = z.infer<typeof dashboardInspectionSchema>;

export const dashboardActivitySchema = z.object({
  id: z.number().int(),
  at: isoDateTimeSchema,
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable().describe('null: the system'),
  action: z.string().describe('The audit action, e.g. site.create'),
  verb: z.string().describe('Human wording of the action, e.g. "created site"'),
  object: z.string().nullable().describe('What it was done to, e.g. "ST-000012 Lakeview Tower"'),
  link: z.string().nullable(),
});
export type DashboardActivity = z.infer<typeof dashboardActivitySchema>;

export const dashboardDataResponseSchema = z.object({
  today: z.string().describe('YYYY-MM-DD (UTC) the figures were computed for'),
  month: z.object({ from: z.string(), to: z.string() }).describe('The current calendar month (UTC)'),
  figures: z.array(dashboardFigureSchema).describe(`In this order: ${dashboardFigureKeys.join(', ')}`),
  charts: z.object({
    inspectionsPerWeek: z.array(dashboardWeekSchema).describe('The last 12 weeks, oldest first'),
    equipmentByDue: z.array(dashboardDueBucketSchema).describe('overdue, due_soon, ok'),
    topFailingSites: z
      .array(dashboardFailingSiteSchema)
      .describe('At most 8 sites with the most failed items over the last 90 days'),
    failingSitesSince: z.string().describe('First day (YYYY-MM-DD) of the top-sites window'),
  }),
  lists: z.object({
    nextDue: z
      .array(dashboardAssignmentSchema)
      .describe('10 open assignments due today or later, soonest first'),
    mostOverdue: z.array(dashboardAssignmentSchema).describe('10 overdue assignments, longest overdue first'),
    latestInspections: z.array(dashboardInspectionSchema).describe('10 latest completed inspections'),
    recentActivity: z.array(dashboardActivitySchema).describe('12 latest changes from the audit trail'),
  }),
  shop: z
    .object({
      lowStock: z.number().int().describe('Active products at or below their reorder level, not out'),
      outOfStock: z.number().int().describe('Active products with nothing available'),
      stockValueAtPricePaise: z.number().int().describe('Σ on hand × price, in paise (before GST)'),
      currency: z.literal('INR'),
      ordersToConfirm: z.number().int().describe('Orders placed and not confirmed yet (issue 18)'),
      shipmentsToSend: z
        .number()
        .int()
        .describe('Pending or packed shipments of confirmed orders (issue 18)'),
      revenueThisMonthPaise: z
        .number()
        .int()
        .describe(
          "Taxable value of invoices issued this month minus credit notes, cancelled left out, in the organisation's time zone (issue 18)",
        ),
    })
    .describe('The shop section of the home screen (issues 17 and 18)'),
  actions: z
    .object({
      open: z.number().int().describe('Corrective actions open or in progress'),
      overdue: z.number().int().describe('Open or in progress and due before today'),
      openLink: z.string(),
      overdueLink: z.string(),
    })
    .describe('Corrective actions (issue 19)'),
});
export type DashboardDataResponse = z.infer<typeof dashboardDataResponseSchema>;

/** Counts in the lists and charts, fixed so client layout and server agree. */
export const DASHBOARD_LIST_SIZE = 10;
export const DASHBOARD_ACTIVITY_SIZE = 12;
export const DASHBOARD_WEEKS = 12;
export const DASHBOARD_TOP_SITES = 8;
export const DASHBOARD_FAILING_WINDOW_DAYS = 90;
