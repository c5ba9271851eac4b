import type { AssignmentPriority, AssignmentStatus } from '@inspecta/contract';
import { dateCell, type ExportColumn } from '../../core/tabular-export.js';
import { type AssignmentWithRefs, isOpenStatus } from './assignments.repository.js';

const STATUS_LABEL: Record<AssignmentStatus, string> = {
  assigned: 'Assigned',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
const PRIORITY_LABEL: Record<AssignmentPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

/** The columns of the assignment export; "Overdue" depends on today (the server clock, UTC). */
export function assignmentExportColumns(today: string): ExportColumn<AssignmentWithRefs>[] {
  return [
    { heading: 'Id', width: 8, value: (r) => r.assignment.id },
    { heading: 'SiteId no.', width: 13, value: (r) => r.site.siteCode },
    { heading: 'Site', width: 30, value: (r) => r.site.name },
    { heading: 'City', width: 16, value: (r) => r.site.city },
    {
      heading: 'Inspector',
      width: 22,
      value: (r) => `${r.inspector.firstName} ${r.inspector.lastName}`.trim(),
    },
    { heading: 'Inspector email', width: 28, value: (r) => r.inspector.email },
    { heading: 'Category', width: 20, value: (r) => r.category.name },
    { heading: 'Template', width: 28, value: (r) => r.template.name },
    { heading: 'Template version', width: 10, value: (r) => r.assignment.templateVersion },
    { heading: 'Status', width: 12, value: (r) => STATUS_LABEL[r.assignment.status] },
    {
      heading: 'Overdue',
      width: 9,
      value: (r) => (isOpenStatus(r.assignment.status) && r.assignment.dueOn < today ? 'Yes' : 'No'),
    },
    { heading: 'Priority', width: 10, value: (r) => PRIORITY_LABEL[r.assignment.priority] },
    { heading: 'Scheduled for', width: 13, kind: 'date', value: (r) => dateCell(r.assignment.scheduledFor) },
    { heading: 'Due on', width: 12, kind: 'date', value: (r) => dateCell(r.assignment.dueOn) },
    { heading: 'Equipment', width: 30, value: (r) => r.equipment.map((u) => u.assetTag).join(', ') },
    { heading: 'Notes', width: 30, value: (r) => r.assignment.notes },
    { heading: 'Created (UTC)', width: 18, kind: 'dateTime', value: (r) => r.assignment.createdAt },
    { heading: 'Completed (UTC)', width: 18, kind: 'dateTime', value: (r) => r.assignment.completedAt },
  ];
}
