import { z } from 'zod';
import { idSchema } from './common.js';

/*
 * Exports of the list screens (docs/exports.md): every list offers `<list path>/export?format=xlsx|csv`
 * with the same filters as the list itself, minus paging and sorting.
 */

export const exportFormats = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** `format` of an export query: xlsx (default) or csv; an empty value means the default. */
export const exportFormatSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.enum(exportFormats).default('xlsx').describe('xlsx (default) or csv'),
);

/** The export query of a list: its filter schema plus `format`. */
export function exportQuerySchema<Shape extends z.ZodRawShape>(filters: z.ZodObject<Shape>) {
  return filters.extend({ format: exportFormatSchema });
}

/**
 * Response header with the number of rows the export will hold, counted when it starts, so the
 * client can show progress (the body is streamed, so there is no Content-Length).
 */
export const EXPORT_ROW_COUNT_HEADER = 'x-export-row-count';

/** The most rows one bulk action (or one export of a selection) takes. */
export const BULK_MAX_IDS = 500;

/**
 * `ids` of an export query: the selection to export, comma-separated ("3,7,12"); the list's other
 * filters still apply. Blank means no selection (every matching row).
 */
export const exportIdsQuerySchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed.split(',').map((part) => part.trim());
  },
  z
    .array(idSchema)
    .max(BULK_MAX_IDS, `Export at most ${BULK_MAX_IDS} selected rows`)
    .optional()
    .describe(`Only these rows: ids separated by commas, at most ${BULK_MAX_IDS}`),
);
