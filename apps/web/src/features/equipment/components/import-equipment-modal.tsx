import {
  IMPORT_MAX_ROWS,
  type ImportPreviewResponse,
  type ImportRow,
  importColumns,
} from '@inspecta/contract';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ImportPreviewSummary } from '@/components/ui/import-preview-summary';
import { isApiError } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import {
  downloadImportTemplate,
  useImportEquipment,
  usePreviewEquipmentImport,
} from '../api/import-equipment';
import { SiteSelect } from './site-select';

const HEADINGS = Object.fromEntries(importColumns.map((c) => [c.key, c.heading])) as Record<string, string>;

interface ImportEquipmentModalProps {
  opened: boolean;
  onClose: () => void;
  /** Importing from a site's page: the site is set. */
  siteId?: number;
}

/**
 * Bulk import for one site: choose a CSV or .xlsx, see every row checked (errors per field), then
 * import the valid rows together.
 */
export function ImportEquipmentModal({ opened, onClose, siteId }: ImportEquipmentModalProps) {
  const [site, setSite] = useState<string | null>(siteId ? String(siteId) : null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreviewResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const check = usePreviewEquipmentImport();
  const run = useImportEquipment();

  useEffect(() => {
    if (!opened) return;
    setSite(siteId ? String(siteId) : null);
    setFile(null);
    setPreview(null);
    setFailure(null);
    setOnlyErrors(false);
  }, [opened, siteId]);

  const checkFile = async () => {
    setFailure(null);
    if (!site || !file) return;
    try {
      const result = await check.mutateAsync({ siteId: Number(site), file });
      setPreview(result);
      setOnlyErrors(result.invalid > 0 && result.invalid < result.rows.length && result.rows.length > 20);
    } catch (error) {
      setPreview(null);
      setFailure(isApiError(error) ? error.message : 'The file could not be checked. Please try again.');
    }
  };

  const runImport = async () => {
    if (!site || !file) return;
    setFailure(null);
    try {
      const result = await run.mutateAsync({ siteId: Number(site), file });
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

  const getTemplate = async () => {
    setDownloading(true);
    try {
      await downloadImportTemplate();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not download the template',
        message: isApiError(error) ? error.message : 'Please try again.',
      });
    } finally {
      setDownloading(false);
    }
  };

  const rows: ImportRow[] = preview
    ? onlyErrors
      ? preview.rows.filter((r) => r.errors.length)
      : preview.rows
    : [];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Import equipment"
      size="xl"
      centered
    >
      <Stack gap="md">
        {!preview ? (
          <>
            <Text size="sm" c="dimmed">
              Upload a CSV or Excel (.xlsx) sheet with one unit per row, at most{' '}
              {IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows. The first row names the columns;{' '}
              <strong>Asset tag</strong> and <strong>Equipment type</strong> are required.{' '}
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => void getTemplate()}
                disabled={downloading}
              >
                Download the template
              </Anchor>{' '}
              to start from the right columns and the current catalogue.
            </Text>
            {siteId === undefined ? (
              <SiteSelect
                label="Site"
                placeholder="Search by site code or name"
                withAsterisk
                disableInactive
                value={site}
                onChange={setSite}
              />
            ) : null}
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
              title={`${preview.fileName} → ${preview.site.siteCode} · ${preview.site.name}`}
              valid={preview.valid}
              invalid={preview.invalid}
              onlyErrors={onlyErrors}
              onOnlyErrorsChange={setOnlyErrors}
            />
            {preview.invalid ? (
              <Alert color="yellow" variant="light" c="#5c3d00" icon={<IconAlertCircle aria-hidden="true" />}>
                Rows with errors are skipped. Fix them in the sheet and import it again later, or import the{' '}
                {plural(preview.valid, 'valid row')} now.
              </Alert>
            ) : null}
            <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
              <Table striped withTableBorder verticalSpacing="xs" data-testid="import-preview" miw={640}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={60}>Row</Table.Th>
                    <Table.Th>Asset tag</Table.Th>
                    <Table.Th>Equipment type</Table.Th>
                    <Table.Th>Serial number</Table.Th>
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
                        {row.values.assetTag || '—'}
                      </Table.Td>
                      <Table.Td>{row.values.equipmentType || '—'}</Table.Td>
                      <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {row.values.serialNumber || '—'}
                      </Table.Td>
                      <Table.Td>
                        {row.errors.length ? (
                          <List size="xs" spacing={2} c="red.8" data-testid="import-row-errors">
                            {row.errors.map((error) => (
                              <List.Item key={error.field}>
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

        <Group justify="space-between" gap="sm">
          <Button
            variant="subtle"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            onClick={() => void getTemplate()}
            loading={downloading}
          >
            Template
          </Button>
          <Group gap="sm">
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
                disabled={preview.valid === 0}
              >
                {preview.valid === 0 ? 'Nothing to import' : `Import ${plural(preview.valid, 'unit')}`}
              </Button>
            ) : (
              <Button onClick={() => void checkFile()} loading={check.isPending} disabled={!site || !file}>
                Check file
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
