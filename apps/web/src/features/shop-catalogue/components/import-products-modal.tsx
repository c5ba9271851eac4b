import {
  PRODUCT_IMPORT_MAX_ROWS,
  type ProductImportPreviewResponse,
  type ProductImportRow,
  productImportColumns,
} from '@inspecta/contract';
import { Alert, Button, FileInput, Group, List, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ImportPreviewSummary } from '@/components/ui/import-preview-summary';
import { isApiError } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { useImportProducts, usePreviewProductImport } from '../api/import-products';

const HEADINGS = Object.fromEntries(productImportColumns.map((c) => [c.key, c.heading])) as Record<
  string,
  string
>;

/**
 * Bulk import of products: choose a CSV or .xlsx, see every row checked (errors per field), then
 * import them all together. All or nothing: one row with an error and nothing is imported.
 */
export function ImportProductsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ProductImportPreviewResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const check = usePreviewProductImport();
  const run = useImportProducts();

  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setPreview(null);
    setFailure(null);
    setOnlyErrors(false);
  }, [opened]);

  const checkFile = async () => {
    setFailure(null);
    if (!file) return;
    try {
      const result = await check.mutateAsync(file);
      setPreview(result);
      setOnlyErrors(result.invalid > 0 && result.rows.length > 20);
    } catch (error) {
      setPreview(null);
      setFailure(isApiError(error) ? error.message : 'The file could not be checked. Please try again.');
    }
  };

  const runImport = async () => {
    if (!file) return;
    setFailure(null);
    try {
      const result = await run.mutateAsync(file);
      notifications.show({
        color: 'teal',
        title: 'Import finished',
        message: result.message,
        autoClose: 8000,
      });
      onClose();
    } catch (error) {
      setFailure(isApiError(error) ? error.message : 'The import failed. Nothing was imported.');
    }
  };

  const rows: ProductImportRow[] = preview
    ? onlyErrors
      ? preview.rows.filter((r) => r.errors.length)
      : preview.rows
    : [];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Import products"
      size="xl"
      centered
    >
      <Stack gap="md">
        {!preview ? (
          <>
            <Text size="sm" c="dimmed">
              Upload a CSV or Excel (.xlsx) sheet with one product per row, at most{' '}
              {PRODUCT_IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows. The first row names the columns:{' '}
              {productImportColumns
                .filter((c) => c.required)
                .map((c) => c.heading)
                .join(', ')}{' '}
              are required;{' '}
              {productImportColumns
                .filter((c) => !c.required)
                .map((c) => c.heading)
                .join(', ')}{' '}
              may follow. Prices and costs are in rupees; Category is a name or “Parent › Child”; opening
              stock is received at the unit cost. Either every row is imported or none is.
            </Text>
            <FileInput
              label="Sheet"
              placeholder="Choose a .csv or .xlsx file"
              withAsterisk
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
              value={file}
              onChange={(value) => {
                setFile(value);
                setFailure(null);
              }}
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the file' }}
            />
          </>
        ) : (
          <>
            <ImportPreviewSummary
              title={preview.fileName}
              valid={preview.valid}
              invalid={preview.invalid}
              onlyErrors={onlyErrors}
              onOnlyErrorsChange={setOnlyErrors}
            />
            {preview.invalid ? (
              <Alert color="yellow" variant="light" c="#5c3d00" icon={<IconAlertCircle aria-hidden="true" />}>
                Nothing is imported while a row has an error. Fix the rows below in the sheet and check it
                again.
              </Alert>
            ) : null}
            <ScrollArea.Autosize
              mah={360}
              type="auto"
              offsetScrollbars
              viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Checked rows' }}
            >
              <Table striped withTableBorder verticalSpacing="xs" data-testid="import-preview" miw={640}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={60}>Row</Table.Th>
                    <Table.Th>SKU</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Category</Table.Th>
                    <Table.Th ta="right">Price (₹)</Table.Th>
                    <Table.Th>Check</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr
                      key={row.rowNumber}
                      data-testid="import-row"
                      data-valid={row.errors.length ? 'false' : 'true'}
                      bg={row.errors.length ? 'var(--mantine-color-red-0)' : undefined}
                    >
                      <Table.Td>{row.rowNumber}</Table.Td>
                      <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {row.values.sku || '—'}
                      </Table.Td>
                      <Table.Td>{row.values.name || '—'}</Table.Td>
                      <Table.Td>{row.values.category || '—'}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {row.values.price || '—'}
                      </Table.Td>
                      <Table.Td>
                        {row.errors.length ? (
                          <List size="xs" spacing={2} c="red.8" data-testid="import-row-errors">
                            {row.errors.map((error) => (
                              <List.Item key={`${error.field}:${error.message}`}>
                                <strong>{HEADINGS[error.field] ?? error.field}:</strong> {error.message}
                              </List.Item>
                            ))}
                          </List>
                        ) : (
                          <Text size="xs" c="#0b6b57" fw={600}>
                            Ready
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        )}

        {failure ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            role="alert"
            data-testid="import-error"
          >
            {failure}
          </Alert>
        ) : null}

        <Group justify="flex-end" gap="sm">
          {preview ? (
            <Button variant="default" onClick={() => setPreview(null)} disabled={run.isPending}>
              Choose another file
            </Button>
          ) : (
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
          )}
          {preview ? (
            <Button
              leftSection={<IconUpload size={16} aria-hidden="true" />}
              onClick={() => void runImport()}
              loading={run.isPending}
              disabled={preview.invalid > 0 || preview.valid === 0}
            >
              {preview.invalid > 0 || preview.valid === 0
                ? 'Nothing to import'
                : `Import ${plural(preview.valid, 'product')}`}
            </Button>
          ) : (
            <Button onClick={() => void checkFile()} loading={check.isPending} disabled={!file}>
              Check file
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
