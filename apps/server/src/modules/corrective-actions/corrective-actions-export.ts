import type { CorrectiveAction, CorrectiveActionStatus } from '@inspecta/contract';
import { dateCell, type ExportColumn } from '../../core/tabular-export.js';

const STATUS_LABEL: Record<CorrectiveActionStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  verified: 'Verified',
  cancelled: 'Cancelled',
};

/** The columns of the corrective actions export. */
export const correctiveActionExportColumns: ExportColumn<CorrectiveAction>[] = [
  { heading: 'Id', width: 8, value: (r) => r.id },
  { heading: 'Title', width: 40, value: (r) => r.title },
  { heading: 'Status', width: 12, value: (r) => STATUS_LABEL[r.status] },
  { heading: 'Overdue', width: 9, value: (r) => (r.overdue ? 'Yes' : 'No') },
  { heading: 'Priority', width: 10, value: (r) => r.priority },
  { heading: 'Due on', width: 12, value: (r) => dateCell(r.dueOn) },
  { heading: 'Owner', width: 22, value: (r) => r.owner?.name ?? '' },
  { heading: 'SiteId no.', width: 13, value: (r) => r.site.siteCode },
  { heading: 'Site', width: 30, value: (r) => r.site.name },
  { heading: 'Asset tag', width: 14, value: (r) => r.equipment?.assetTag ?? '' },
  { heading: 'Equipment', width: 24, value: (r) => r.equipment?.name ?? '' },
  { heading: 'Item', width: 30, value: (r) => r.itemLabel ?? '' },
  { heading: 'Inspection', width: 10, value: (r) => r.inspectionId },
  { heading: 'Evidence required', width: 10, value: (r) => (r.requiresEvidence ? 'Yes' : 'No') },
  { heading: 'Re-inspection note', width: 30, value: (r) => r.reinspectionNote ?? '' },
  { heading: 'Created', width: 12, value: (r) => dateCell(r.createdAt.slice(0, 10)) },
  { heading: 'Resolved', width: 12, value: (r) => dateCell(r.resolvedAt?.slice(0, 10)) },
  { heading: 'Verified', width: 12, value: (r) => dateCell(r.verifiedAt?.slice(0, 10)) },
];
