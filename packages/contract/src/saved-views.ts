import { z } from 'zod';
import { assignmentSortFields } from './assignments.js';
import { isoDateTimeSchema } from './common.js';
import { equipmentSortFields } from './equipment.js';
import { equipmentTypeSortFields } from './equipment-types.js';
import { inspectionSortFields } from './inspections.js';
import { siteSortFields } from './sites.js';
import { userSortFields } from './user-management.js';

/**
 * Saved views (issue 21): a list screen's filters, sort and hidden columns saved under a name, for
 * its owner and, when shared, for every other administrator. Each list names the URL parameters
 * that are its filters, the fields it sorts by and the columns an administrator may hide (the key
 * and the header it matches on the screen).
 */
export const savedViewLists = {
  users: {
    label: 'Users',
    filters: ['type', 'search', 'status', 'limit'],
    sortFields: userSortFields,
    columns: {
      role: 'Role',
      phone: 'Phone',
      company: 'Company / licence',
      status: 'Status',
      lastSignIn: 'Last sign-in',
    },
  },
  sites: {
    label: 'Sites',
    filters: ['search', 'status', 'client', 'city'],
    sortFields: siteSortFields,
    columns: {
      client: 'Client',
      city: 'City',
      equipment: 'Equipment',
      status: 'Status',
      updated: 'Updated',
    },
  },
  equipment: {
    label: 'Equipment',
    filters: ['search', 'site', 'type', 'status', 'due'],
    sortFields: equipmentSortFields,
    columns: { site: 'Site', nextInspection: 'Next inspection', status: 'Status' },
  },
  assignments: {
    label: 'Assignments',
    filters: ['tab', 'search', 'status', 'inspector', 'site'],
    sortFields: assignmentSortFields,
    columns: {
      inspector: 'Inspector',
      template: 'Template',
      due: 'Due',
      priority: 'Priority',
      status: 'Status',
    },
  },
  'inspection-history': {
    label: 'Inspection history',
    filters: ['tab', 'search', 'site', 'inspector', 'category', 'result', 'from', 'to'],
    sortFields: inspectionSortFields,
    columns: {
      site: 'Site',
      inspector: 'Inspector',
      category: 'Category',
      template: 'Template',
      result: 'Result',
      units: 'Units',
    },
  },
  'equipment-types': {
    label: 'Equipment types',
    filters: ['search', 'category', 'status'],
    sortFields: equipmentTypeSortFields,
    columns: {
      category: 'Category',
      interval: 'Inspection interval',
      installed: 'Installed',
      status: 'Status',
    },
  },
} as const satisfies Record<
  string,
  {
    label: string;
    filters: readonly string[];
    sortFields: readonly string[];
    columns: Record<string, string>;
  }
>;

export type SavedViewList = keyof typeof savedViewLists;
const listKeys = Object.keys(savedViewLists) as [SavedViewList, ...SavedViewList[]];
export const savedViewListSchema = z.enum(listKeys, { error: `Choose one of: ${listKeys.join(', ')}` });

export const SAVED_VIEW_NAME_MAX = 60;
/** How many views one administrator may keep per list, so the menu stays a menu. */
export const SAVED_VIEWS_PER_LIST_MAX = 50;

/**
 * What a view holds: the list's filters as their URL values, its sort (`field` or `-field`, null for
 * the list's default order) and the columns it hides. Views store the hidden columns, not the shown
 * ones, so a column a list gains later shows in the views saved before it.
 */
export const savedViewStateSchema = z.strictObject({
  filters: z
    .record(z.string().max(40), z.string().max(200, 'Keep each filter under 200 characters'))
    .default({}),
  sort: z.string().max(60).nullable().default(null),
  hiddenColumns: z.array(z.string().max(40)).max(20).default([]),
  /**
   * The optional columns in the order the list shows them; empty for the list's own order. Columns
   * left out follow in the list's order, so a column a list gains later still shows.
   */
  columnOrder: z.array(z.string().max(40)).max(20).default([]),
});
export type SavedViewState = z.output<typeof savedViewStateSchema>;

/** Where a state does not fit its list: one entry per wrong filter, sort or column, naming its field. */
export function savedViewStateIssues(
  list: SavedViewList,
  state: SavedViewState,
): Array<{ field: string; message: string }> {
  const spec = savedViewLists[list];
  const issues: Array<{ field: string; message: string }> = [];
  const filters = spec.filters as readonly string[];
  for (const key of Object.keys(state.filters)) {
    if (!filters.includes(key))
      issues.push({
        field: `state.filters.${key}`,
        message: `The ${list} list has no filter “${key}” (its filters: ${filters.join(', ')})`,
      });
  }
  if (state.sort !== null) {
    const field = state.sort.startsWith('-') ? state.sort.slice(1) : state.sort;
    if (!(spec.sortFields as readonly string[]).includes(field))
      issues.push({
        field: 'state.sort',
        message: `The ${list} list cannot sort by “${state.sort}” (it sorts by ${spec.sortFields.join(', ')}, “-” first for descending)`,
      });
  }
  const columns = Object.keys(spec.columns);
  state.hiddenColumns.forEach((column, index) => {
    if (!columns.includes(column))
      issues.push({
        field: `state.hiddenColumns.${index}`,
        message: `The ${list} list has no column “${column}” to hide (its columns: ${columns.join(', ')})`,
      });
  });
  const seen = new Set<string>();
  state.columnOrder.forEach((column, index) => {
    if (!columns.includes(column))
      issues.push({
        field: `state.columnOrder.${index}`,
        message: `The ${list} list has no column “${column}” to move (its columns: ${columns.join(', ')})`,
      });
    else if (seen.has(column))
      issues.push({
        field: `state.columnOrder.${index}`,
        message: `The column “${column}” is in the order twice`,
      });
    seen.add(column);
  });
  return issues;
}

/**
 * The list's optional columns in a view's order: the ones it names first (unknown and repeated keys
 * skipped), then the rest in the list's own order.
 */
export function fullColumnOrder(list: SavedViewList, order: readonly string[]): string[] {
  const columns = Object.keys(savedViewLists[list].columns);
  const named = [...new Set(order)].filter((key) => columns.includes(key));
  return [...named, ...columns.filter((key) => !named.includes(key))];
}

const viewName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(SAVED_VIEW_NAME_MAX, `Keep the name under ${SAVED_VIEW_NAME_MAX} characters`);

export const savedViewSchema = z.object({
  id: z.number().int(),
  list: savedViewListSchema,
  name: z.string(),
  state: savedViewStateSchema,
  shared: z.boolean().describe('Other administrators see the view (and may apply it, not change it)'),
  mine: z.boolean().describe('The caller saved it (only the owner renames, updates, shares or deletes)'),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListQuerySchema = z.object({ list: savedViewListSchema });
export type SavedViewListQuery = z.infer<typeof savedViewListQuerySchema>;

export const savedViewListResponseSchema = z.object({
  views: z.array(savedViewSchema),
  defaultViewId: z
    .number()
    .int()
    .nullable()
    .describe(
      "The caller's default view of the list (one of `views`), applied when the list opens without filters or sort",
    ),
});
export type SavedViewListResponse = z.infer<typeof savedViewListResponseSchema>;

export const createSavedViewBodySchema = z
  .object({
    list: savedViewListSchema,
    name: viewName,
    state: savedViewStateSchema,
    shared: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    for (const issue of savedViewStateIssues(body.list, body.state))
      ctx.addIssue({ code: 'custom', path: issue.field.split('.'), message: issue.message });
  });
export type CreateSavedViewBody = z.input<typeof createSavedViewBodySchema>;

/** Rename, replace the state, share or unshare: any of the three. */
export const updateSavedViewBodySchema = z
  .object({
    name: viewName.optional(),
    state: savedViewStateSchema.optional(),
    shared: z.boolean().optional(),
  })
  .refine((body) => body.name !== undefined || body.state !== undefined || body.shared !== undefined, {
    message: 'Send at least one of name, state, shared',
  });
export type UpdateSavedViewBody = z.input<typeof updateSavedViewBodySchema>;

export const savedViewMutationResponseSchema = z.object({ view: savedViewSchema, message: z.string() });
export type SavedViewMutationResponse = z.infer<typeof savedViewMutationResponseSchema>;

export const savedViewDefaultParamsSchema = z.object({ list: savedViewListSchema });
export type SavedViewDefaultParams = z.infer<typeof savedViewDefaultParamsSchema>;

/** The caller's default view of a list: one of their own or one shared with them. */
export const setSavedViewDefaultBodySchema = z.object({
  viewId: z.number({ error: 'Choose a view' }).int().positive(),
});
export type SetSavedViewDefaultBody = z.infer<typeof setSavedViewDefaultBodySchema>;

export const savedViewDefaultResponseSchema = z.object({
  defaultViewId: z.number().int().nullable(),
  message: z.string(),
});
export type SavedViewDefaultResponse = z.infer<typeof savedViewDefaultResponseSchema>;
