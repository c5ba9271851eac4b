import type { InspectorAssignment } from '@inspecta/contract';

export const assignmentTabs = ['today', 'upcoming', 'overdue'] as const;
export type AssignmentTab = (typeof assignmentTabs)[number];

/**
 * The list's tabs, by the server's rule for ?view=: overdue (its `overdue` flag: due before today,
 * UTC), today (scheduled on or before today and not overdue), upcoming (scheduled after today).
 */
export function groupAssignments(
  assignments: InspectorAssignment[],
  today: string,
): Record<AssignmentTab, InspectorAssignment[]> {
  const groups: Record<AssignmentTab, InspectorAssignment[]> = { today: [], upcoming: [], overdue: [] };
  for (const assignment of assignments) {
    if (assignment.overdue) groups.overdue.push(assignment);
    else if (assignment.scheduledFor <= today) groups.today.push(assignment);
    else groups.upcoming.push(assignment);
  }
  return groups;
}

/** A map search for the address (opens the phone's map app or OpenStreetMap). */
export function mapSearchUrl(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

/** A tel: link keeping only what a dialler understands. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
