import multipart from '@fastify/multipart';
import {
  categoryCreateBodySchema,
  categoryListQuerySchema,
  categoryListResponseSchema,
  categoryMutationResponseSchema,
  categoryTreeQuerySchema,
  categoryTreeResponseSchema,
  categoryUpdateBodySchema,
  idParamsSchema,
  inventorySummaryResponseSchema,
  logHistoryQuerySchema,
  logHistoryResponseSchema,
  messageSchema,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMPORT_MAX_BYTES,
  productCreateBodySchema,
  productDetailsResponseSchema,
  productExportQuerySchema,
  productImageParamsSchema,
  productImportPreviewResponseSchema,
  productImportResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
  productMutationResponseSchema,
  productUpdateBodySchema,
  stockMovementBodySchema,
  stockMovementResponseSchema,
  valuationExportQuerySchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { readUploadedImage, readUploadedSheet } from '../../core/files/read-upload.js';
import { errorResponses, requireAuth } from '../../core/http.js';
import { EXPORT_PRODUCES, sendTable } from '../../core/tabular-export.js';
import type { ShopCategoriesService } from './shop-categories.service.js';
import { PRODUCT_EXPORT_COLUMNS, VALUATION_EXPORT_COLUMNS } from './shop-exports.js';
import type { ShopProductsService } from './shop-products.service.js';
import type { ShopStockService } from './shop-stock.service.js';

const tags = ['shop'];
const config = { access: access.admin };

export interface ShopRoutesOptions {
  categories: ShopCategoriesService;
  products: ShopProductsService;
  stock: ShopStockService;
}

/** The shop, part 1: categories, products and the stock ledger (docs/shop.md). Admin only. */
export const shopCatalogueRoutes: FastifyPluginAsyncZod<ShopRoutesOptions> = async (
  app,
  { categories, products, stock },
) => {
  // Uploads (product images, import sheets) are accepted in this plugin's scope, one file per request.
  await app.register(multipart, {
    limits: {
      fileSize: Math.max(PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMPORT_MAX_BYTES),
      files: 1,
      fields: 10,
      parts: 12,
    },
  });

  // ------------------------------------------------------------ categories

  app.get(
    '/shop/categories',
    {
      config,
      schema: {
        tags,
        summary: 'Product categories: search, filter, paged',
        description: 'Default order: by top-level name, each parent followed by its subcategories.',
        querystring: categoryListQuerySchema,
        response: { 200: categoryListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => categories.list(request.query),
  );

  app.get(
    '/shop/categories/tree',
    {
      config,
      schema: {
        tags,
        summary: 'The category tree (two levels) with product counts',
        querystring: categoryTreeQuerySchema,
        response: { 200: categoryTreeResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => categories.tree(request.query.include_archived),
  );

  app.post(
    '/shop/categories',
    {
      config,
      schema: {
        tags,
        summary: 'Create a category (top level, or under a top-level category)',
        body: categoryCreateBodySchema,
        response: { 201: categoryMutationResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await categories.create(requireAuth(request), request.body, request.ip)),
  );

  app.patch(
    '/shop/categories/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Rename and/or move a category',
        params: idParamsSchema,
        body: categoryUpdateBodySchema,
        response: { 200: categoryMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => categories.update(requireAuth(request), request.params.id, request.body, request.ip),
  );

  app.post(
    '/shop/categories/:id/archive',
    {
      config,
      schema: {
        tags,
        summary: 'Archive a category (its products stay; no new products go in it)',
        params: idParamsSchema,
        response: { 200: categoryMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => categories.setStatus(requireAuth(request), request.params.id, 'archived', request.ip),
  );

  app.post(
    '/shop/categories/:id/restore',
    {
      config,
      schema: {
        tags,
        summary: 'Restore an archived category',
        params: idParamsSchema,
        response: { 200: categoryMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => categories.setStatus(requireAuth(request), request.params.id, 'active', request.ip),
  );

  app.delete(
    '/shop/categories/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a category made by mistake (409 when it has products or subcategories: archive it)',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => categories.delete(requireAuth(request), request.params.id, request.ip),
  );

  // ------------------------------------------------------------ products

  app.get(
    '/shop/products',
    {
      config,
      schema: {
        tags,
        summary: 'Products: search SKU and name, filter by category, status and stock, sort, paged',
        description:
          'Without a sort, an exact SKU comes first, then SKUs starting with the term, then by name. ' +
          'The total is exact up to 10,000 matches; beyond, it says 10,000 with totalIsCapped: true.',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => products.list(request.query),
  );

  app.get(
    '/shop/products/export',
    {
      config,
      schema: {
        tags,
        summary: 'Download the filtered product list as Excel (.xlsx) or CSV',
        description: 'Same filters as the list. Streamed. Prices in rupees.',
        querystring: productExportQuerySchema,
        produces: EXPORT_PRODUCES,
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, reply) => {
      const prepared = await products.startExport(requireAuth(request), request.query, request.ip);
      return sendTable(request, reply, {
        format: request.query.format,
        fileName: 'products',
        sheetName: 'Products',
        columns: PRODUCT_EXPORT_COLUMNS,
        ...prepared,
      });
    },
  );

  app.post(
    '/shop/products/import/preview',
    {
      config,
      schema: {
        tags,
        summary: 'Check a CSV or .xlsx of products; writes nothing',
        description: 'multipart/form-data with one file field `file` (at most 5 MB, 2,000 rows).',
        consumes: ['multipart/form-data'],
        response: { 200: productImportPreviewResponseSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      const { buffer, fileName } = await readUploadedSheet(request, PRODUCT_IMPORT_MAX_BYTES);
      return products.previewImport(buffer, fileName);
    },
  );

  app.post(
    '/shop/products/import',
    {
      config,
      schema: {
        tags,
        summary: 'Import every product of a CSV or .xlsx in one transaction: all or nothing',
        description:
          'The same file as the preview. If any row has an error, nothing is imported (400 naming the rows).',
        consumes: ['multipart/form-data'],
        response: { 200: productImportResponseSchema, ...errorResponses(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request) => {
      const { buffer, fileName } = await readUploadedSheet(request, PRODUCT_IMPORT_MAX_BYTES);
      return products.import(requireAuth(request), buffer, fileName, request.ip);
    },
  );

  app.post(
    '/shop/products',
    {
      config,
      schema: {
        tags,
        summary: 'Create a product (stock starts at 0: receive it)',
        body: productCreateBodySchema,
        response: { 201: productMutationResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await products.create(requireAuth(request), request.body, request.ip)),
  );

  app.get(
    '/shop/products/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One product with its stock and its latest movements',
        params: idParamsSchema,
        response: { 200: productDetailsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => products.details(request.params.id),
  );

  app.patch(
    '/shop/products/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a product (any fields)',
        params: idParamsSchema,
        body: productUpdateBodySchema,
        response: { 200: productMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => products.update(requireAuth(request), request.params.id, request.body, request.ip),
  );

  app.post(
    '/shop/products/:id/archive',
    {
      config,
      schema: {
        tags,
        summary: 'Archive a product (stock and history stay)',
        params: idParamsSchema,
        response: { 200: productMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => products.setStatus(requireAuth(request), request.params.id, 'archived', request.ip),
  );

  app.post(
    '/shop/products/:id/restore',
    {
      config,
      schema: {
        tags,
        summary: 'Restore an archived product (its category must be active)',
        params: idParamsSchema,
        response: { 200: productMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => products.setStatus(requireAuth(request), request.params.id, 'active', request.ip),
  );

  app.post(
    '/shop/products/:id/images',
    {
      config,
      schema: {
        tags,
        summary: 'Add an image to a product (JPEG, PNG or WebP; re-encoded)',
        description:
          'multipart/form-data with one file field `file`, at most 5 MB (413 beyond), JPEG, PNG or WebP by content (415 otherwise). At most 8 images per product.',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: {
          200: productMutationResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request) => {
      const image = await readUploadedImage(request, PRODUCT_IMAGE_MAX_BYTES);
      return products.addImage(requireAuth(request), request.params.id, image, request.ip);
    },
  );

  app.delete(
    '/shop/products/:id/images/:imageId',
    {
      config,
      schema: {
        tags,
        summary: "Remove one of a product's images",
        params: productImageParamsSchema,
        response: { 200: productMutationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      products.removeImage(requireAuth(request), request.params.id, request.params.imageId, request.ip),
  );

  // ------------------------------------------------------------ stock

  app.post(
    '/shop/products/:id/stock-movements',
    {
      config,
      schema: {
        tags,
        summary: 'Receive, adjust or write off stock',
        description:
          'One movement in the ledger, in the same transaction as the stock. 409 when it would take available stock below zero.',
        params: idParamsSchema,
        body: stockMovementBodySchema,
        response: { 201: stockMovementResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await stock.move(requireAuth(request), request.params.id, request.body, request.ip)),
  );

  app.get(
    '/shop/products/:id/log-history',
    {
      config,
      schema: {
        tags,
        summary: "A product's stock ledger, newest first, between two UTC days",
        params: idParamsSchema,
        querystring: logHistoryQuerySchema,
        response: { 200: logHistoryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => stock.history(request.params.id, request.query),
  );

  app.get(
    '/shop/inventory/summary',
    {
      config,
      schema: {
        tags,
        summary: 'Inventory figures, the 90-day movement series and the low-stock list',
        response: { 200: inventorySummaryResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => stock.summary(),
  );

  app.get(
    '/shop/inventory/valuation-export',
    {
      config,
      schema: {
        tags,
        summary: 'Download the stock valuation sheet (at average cost and at price) as Excel or CSV',
        querystring: valuationExportQuerySchema,
        produces: EXPORT_PRODUCES,
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, reply) => {
      const prepared = await stock.startValuationExport(requireAuth(request), request.query, request.ip);
      return sendTable(request, reply, {
        format: request.query.format,
        fileName: 'stock-valuation',
        sheetName: 'Stock valuation',
        columns: VALUATION_EXPORT_COLUMNS,
        ...prepared,
      });
    },
  );
};
