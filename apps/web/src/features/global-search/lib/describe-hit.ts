import type { GlobalSearchGroup, GlobalSearchKind, GlobalSearchMatch } from '@inspecta/contract';
import { itemLink } from './result-links';

/** One search result as both the results page and the command palette show it. */
export interface DescribedHit {
  key: string;
  kind: GlobalSearchKind;
  id: number;
  /** The link text: what the object is called. */
  title: string;
  /** A line of context (codes, site, role…). */
  meta: string;
  /** A short status word for a badge. */
  status: string;
  href: string;
  match: GlobalSearchMatch;
}

const STATUS_WORDS: Record<string, string> = {
  draft: 'Draft',
  active: 'Active',
  inactive: 'Inactive',
  in_service: 'In service',
  out_of_service: 'Out of service',
  retired: 'Retired',
  assigned: 'Assigned',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  pass: 'Pass',
  fail: 'Fail',
  admin: 'Admin',
  inspector: 'Inspector',
  client: 'Client',
};

const word = (value: string) => STATUS_WORDS[value] ?? value;
const joined = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' · ');

function formatDate(value: string): string {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return date.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function describeHits(group: GlobalSearchGroup): DescribedHit[] {
  return group.items.map((_, index) => describeHit(group, index));
}

export function describeHit(group: GlobalSearchGroup, index: number): DescribedHit {
  const base = { kind: group.kind, href: itemLink(group, index) };
  switch (group.kind) {
    case 'sites': {
      const hit = group.items[index]!;
      return {
        ...base,
        key: `sites-${hit.id}`,
        id: hit.id,
        title: hit.name,
        meta: joined(hit.siteCode, hit.city, hit.clientName, `Id ${hit.id}`),
        status: word(hit.status),
        match: hit.match,
      };
    }
    case 'equipment': {
      const hit = group.items[index]!;
      return {
        ...base,
        key: `equipment-${hit.id}`,
        id: hit.id,
        title: `${hit.assetTag} · ${hit.name}`,
        meta: joined(
          hit.serialNumber ? `S/N ${hit.serialNumber}` : null,
          hit.typeName,
          `${hit.site.siteCode} ${hit.site.name}`,
        ),
        status: word(hit.status),
        match: hit.match,
      };
    }
    case 'users': {
      const hit = group.items[index]!;
      return {
        ...base,
        key: `users-${hit.id}`,
        id: hit.id,
        title: hit.name,
        meta: joined(hit.email, hit.phone, hit.company, `Id ${hit.id}`),
        status: hit.status === 'inactive' ? `${word(hit.userType)}, inactive` : word(hit.userType),
        match: hit.match,
      };
    }
    case 'assignments': {
      const hit = group.items[index]!;
      return {
        ...base,
        key: `assignments-${hit.id}`,
        id: hit.id,
        title: `Assignment #${hit.id}`,
        meta: joined(
          `${hit.site.siteCode} ${hit.site.name}`,
          hit.inspectorName,
          hit.templateName,
          `due ${formatDate(hit.dueOn)}`,
        ),
        status: word(hit.status),
        match: hit.match,
      };
    }
    case 'inspections': {
      const hit = group.items[index]!;
      return {
        ...base,
        key: `inspections-${hit.id}`,
        id: hit.id,
        title: `Inspection #${hit.id}`,
        meta: joined(
          `${hit.site.siteCode} ${hit.site.name}`,
          hit.inspectorName,
          `completed ${formatDate(hit.completedAt)}`,
        ),
        status: word(hit.result),
        match: hit.match,
      };
    }
    case 'products': {
      const hit = group.items[index]!;
      return {
        ...base,
        key: `products-${hit.id}`,
        id: hit.id,
        title: hit.name,
        meta: joined(
          `SKU ${hit.sku}`,
          hit.categoryName,
          `${hit.available.toLocaleString('en-IN')} available`,
        ),
        status:
          hit.status === 'archived'
            ? 'Archived'
            : hit.stockState === 'out'
              ? 'Out of stock'
              : hit.stockState === 'low'
                ? 'Low on stock'
                : 'In stock',
        match: hit.match,
      };
    }
  }
}
