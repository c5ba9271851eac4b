import type { InspectionRequest, InspectionRequestStatus } from '@inspecta/contract';

export const requestStatusLabels: Record<InspectionRequestStatus, string> = {
  open: 'Waiting',
  scheduled: 'Scheduled',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

export const requestStatusColours: Record<InspectionRequestStatus, string> = {
  open: 'orange',
  scheduled: 'green',
  declined: 'red',
  cancelled: 'gray',
};

/** The badge's text: dark enough on its light tint (WCAG AA), where the palette's own shade is not. */
export const requestStatusText: Record<InspectionRequestStatus, string> = {
  open: '#7a3e00',
  scheduled: '#1b5e20',
  declined: '#9b1c1c',
  cancelled: '#495057',
};

/** "The whole site" or "2 units: EXT-001 · Lobby extinguisher, …". */
export function requestUnitsText(request: Pick<InspectionRequest, 'equipment'>): string {
  if (request.equipment.length === 0) return 'The whole site';
  const names = request.equipment.map((u) => `${u.assetTag} · ${u.name}`).join(', ');
  return `${request.equipment.length} ${request.equipment.length === 1 ? 'unit' : 'units'}: ${names}`;
}
