import { z } from 'zod';

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
