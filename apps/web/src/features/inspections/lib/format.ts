import {
  type AnswerValue,
  type InspectionDetail,
  type ItemResult,
  type TemplateItem,
  yesNoNaLabels,
} from '@inspecta/contract';
import { formatDay, formatLocalDay, formatDateTime as sharedDateTime } from '@/lib/dates';
import { plural } from '@/lib/plural';

const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });

/** "16/06/2026 15:45" (the organisation's day format) in the viewer's time zone, for an instant. */
export const formatDateTime = sharedDateTime;

/** The instant's day in the viewer's time zone, in the organisation's format. */
export function formatDate(iso: string): string {
  return formatLocalDay(iso);
}

/** "3:45 pm" in the viewer's time zone. */
export function formatTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : timeFormat.format(time);
}

export function failedItemsLabel(count: number): string {
  return plural(count, 'failed item');
}

export function unitsLabel(count: number): string {
  return count === 0 ? 'Site-level' : plural(count, 'unit');
}

/** The name of a unit of an inspection: "FE-0012 · Extinguisher, lobby", or the site for site-level work. */
export function unitName(unit: InspectionDetail['units'][number]): string {
  return unit.equipment ? `${unit.equipment.assetTag} · ${unit.equipment.name}` : 'Whole site';
}

/**
 * An answer in words, for every item type but photos and signatures (which are images) and
 * multi-select (shown as chips): pass_fail and yes_no_na by their labels, numbers with the unit,
 * dates as days. null when there is no answer.
 */
export function answerText(item: TemplateItem, answer: AnswerValue | undefined): string | null {
  if (answer === null || answer === undefined) return null;
  if (typeof answer === 'string' && answer.trim() === '') return null;
  if (Array.isArray(answer)) return answer.length ? answer.join(', ') : null;
  switch (item.type) {
    case 'pass_fail':
      return answer === 'pass' ? 'Pass' : answer === 'fail' ? 'Fail' : String(answer);
    case 'yes_no_na':
      return typeof answer === 'string' && answer in yesNoNaLabels
        ? yesNoNaLabels[answer as keyof typeof yesNoNaLabels]
        : String(answer);
    case 'number':
      return item.unit ? `${answer} ${item.unit}` : String(answer);
    case 'date':
      return typeof answer === 'string' ? formatDay(answer) || answer : String(answer);
    default:
      return String(answer);
  }
}

/** The acceptable range of a number item in words, or null when it has none. */
export function numberRange(item: TemplateItem): string | null {
  if (item.type !== 'number') return null;
  const unit = item.unit ? ` ${item.unit}` : '';
  if (item.min !== null && item.max !== null) return `Acceptable ${item.min}–${item.max}${unit}`;
  if (item.min !== null) return `Acceptable from ${item.min}${unit}`;
  if (item.max !== null) return `Acceptable up to ${item.max}${unit}`;
  return null;
}

/** URLs of the images of a photo (a list) or signature (one) answer. */
export function imageUrls(answer: AnswerValue | undefined): string[] {
  if (typeof answer === 'string') return answer ? [answer] : [];
  if (Array.isArray(answer)) return answer.filter((a) => a.length > 0);
  return [];
}

export interface FailedItem {
  unitIndex: number;
  unitName: string;
  sectionTitle: string;
  item: TemplateItem;
  reason: string | null;
  /** Its corrective action, when one exists. */
  actionId: number | null;
}

/** Every failed item of the inspection, unit by unit, in the template's order. */
export function failedItems(inspection: InspectionDetail): FailedItem[] {
  const found: FailedItem[] = [];
  inspection.units.forEach((unit, unitIndex) => {
    const outcomes = outcomesByKey(unit.items);
    for (const section of inspection.content.sections) {
      for (const item of section.items) {
        const outcome = outcomes.get(item.key);
        if (outcome?.outcome === 'fail') {
          found.push({
            unitIndex,
            unitName: unitName(unit),
            sectionTitle: section.title,
            item,
            reason: outcome.reason,
            actionId: outcome.actionId ?? null,
          });
        }
      }
    }
  });
  return found;
}

export function outcomesByKey(items: ItemResult[]): Map<string, ItemResult> {
  return new Map(items.map((i) => [i.key, i]));
}

/** The DOM id of an item's row on the detail page, for the failed-items summary's links. */
export function itemAnchor(unitIndex: number, key: string): string {
  return `unit-${unitIndex}-item-${key}`;
}
