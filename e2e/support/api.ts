import type { AssignmentPriority } from '@inspecta/contract';
import { baseURL } from './browser.js';

/** Calls the API as the holder of `token` (the admin's, usually) and throws with the body on an error. */
export async function adminApi<T>(token: string, method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL()}/api${route}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The UTC calendar day `offsetDays` from now, as YYYY-MM-DD. */
export function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A mobile number no other user of the e2e server has: phones are unique, and the specs run side by
 * side against one server, so a fixed number (or the clock alone) lets two specs collide.
 */
export function uniqueMobile(): string {
  const random = Math.floor(Math.random() * 1e8);
  return `+919${String(random).padStart(8, '0')}${String(process.pid % 10)}`;
}

interface NewInspector {
  firstName: string;
  lastName: string;
  /** Starts the e-mail address and the employee code, so a spec's people are told apart. */
  tag: string;
  licenceNumber: string;
  password: string;
}

/** Registers an inspector who signs in with `password`; their e-mail and codes are new on every run. */
export async function registerInspector(
  token: string,
  { firstName, lastName, tag, licenceNumber, password }: NewInspector,
): Promise<{ id: number; email: string }> {
  const stamp = Date.now();
  const email = `${tag.toLowerCase()}.inspector.${stamp}@inspecta.test`;
  const { user } = await adminApi<{ user: { id: number } }>(token, 'POST', '/admin/register', {
    userType: 'inspector',
    firstName,
    lastName,
    email,
    phone: uniqueMobile(),
    employeeCode: `${tag.toUpperCase()}-${stamp}`.slice(0, 20),
    licenceNumber,
    password,
  });
  return { id: user.id, email };
}

/**
 * A published template in a category of its own, so the demo categories' template counts stay what
 * other specs expect.
 */
export async function publishTemplate(
  token: string,
  {
    name,
    categoryName,
    description,
    content,
  }: { name: string; categoryName: string; description: string; content: unknown },
): Promise<{ categoryId: number; templateId: number }> {
  const { category } = await adminApi<{ category: { id: number } }>(token, 'POST', '/inspection-categories', {
    name: categoryName,
    description,
    colour: '#1f5fa6',
  });
  const { template } = await adminApi<{ template: { id: number } }>(token, 'POST', '/templates', {
    name,
    categoryId: category.id,
    content,
  });
  await adminApi(token, 'POST', `/templates/${template.id}/publish`, { changeNote: 'E2E' });
  return { categoryId: category.id, templateId: template.id };
}

/** Assigns the inspector these units of one site on the template; answers the assignment's id. */
export async function assignUnits(
  token: string,
  body: {
    siteId: number;
    inspectorId: number;
    categoryId: number;
    templateId: number;
    unitIds: number[];
    scheduledFor: string;
    dueOn: string;
    priority: AssignmentPriority;
    notes?: string;
  },
): Promise<number> {
  const { unitIds, ...rest } = body;
  const { assignment } = await adminApi<{ assignment: { id: number } }>(
    token,
    'POST',
    '/auth/create/assignments/admin',
    { ...rest, equipmentScope: 'selected', equipmentIds: unitIds },
  );
  return assignment.id;
}

/** An in-service unit as the equipment list answers it, with its site and type. */
export interface SiteUnit {
  id: number;
  name: string;
  assetTag: string;
  status: string;
  equipmentType: { id: number };
  site: { id: number; status: string; name: string; siteCode: string };
}

/**
 * The in-service units of the equipment list's first 100 (the demo data's), grouped by their site,
 * active sites only: each list one site's units, for a spec that assigns or prints units of one site.
 */
export async function activeUnitsBySite(token: string): Promise<SiteUnit[][]> {
  const { equipments } = await adminApi<{ equipments: SiteUnit[] }>(
    token,
    'GET',
    '/auth/equipments?limit=100&status=in_service',
  );
  const bySite = new Map<number, SiteUnit[]>();
  for (const unit of equipments.filter((e) => e.site.status === 'active'))
    bySite.set(unit.site.id, [...(bySite.get(unit.site.id) ?? []), unit]);
  return [...bySite.values()];
}
