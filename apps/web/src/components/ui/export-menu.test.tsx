import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type DownloadProgress } from '@/lib/api-client';
import type { ExportOptions } from '@/lib/download';
import { renderWithProviders } from '@/testing/test-utils';
import { ExportMenu } from './export-menu';

async function choose(format: 'Excel (.xlsx)' | 'CSV') {
  fireEvent.click(screen.getByRole('button', { name: /Export/ }));
  fireEvent.click(await screen.findByRole('menuitem', { name: format }));
}

describe('ExportMenu', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows rows and bytes while a CSV export runs, and cancels it', async () => {
    let options: ExportOptions | undefined;
    const onExport = vi.fn(
      (_format: string, given: ExportOptions) =>
        new Promise<string>((_resolve, reject) => {
          options = given;
          given.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    renderWithProviders(<ExportMenu label="users" onExport={onExport} />);
    await choose('CSV');

    expect(onExport).toHaveBeenCalledWith('csv', expect.anything());
    expect(await screen.findByText('Exporting users to CSV')).toBeTruthy();
    options!.onProgress!({ bytes: 2_500_000, rows: 40_000, totalRows: 100_000 });
    expect(await screen.findByText('40,000 of 1,00,000 rows · 2.4 MB')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Export of the users' }).getAttribute('aria-valuenow'),
    ).toBe('40');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(options!.signal!.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('export-progress')).toBeNull());
  });

  it('shows bytes for Excel, where rows cannot be counted as they arrive', async () => {
    let options: ExportOptions | undefined;
    renderWithProviders(
      <ExportMenu
        label="sites"
        onExport={(_format, given) => {
          options = given;
          return new Promise<string>(() => {});
        }}
      />,
    );
    await choose('Excel (.xlsx)');
    expect(await screen.findByText('Exporting sites to Excel')).toBeTruthy();
    options!.onProgress!({ bytes: 512_000, rows: null, totalRows: 12_000 });
    expect(await screen.findByText('12,000 rows · 500 KB received')).toBeTruthy();
  });
});

describe('api.getFile with onProgress', () => {
  it('reads a streamed body chunk by chunk, counting CSV rows against the announced total', async () => {
    const encoder = new TextEncoder();
    const chunks = ['\uFEFFId,Name\r\n1,A\r\n', '2,B\r\n3,C\r\n'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    const client = createApiClient({
      baseUrl: '/api',
      getToken: () => 'token',
      onUnauthorized: () => {},
      fetch: async () =>
        new Response(body, {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="users-2026-06-15.csv"',
            'x-export-row-count': '3',
          },
        }),
    });
    const seen: DownloadProgress[] = [];
    const file = await client.getFile('/admin/userlist/export', { onProgress: (p) => seen.push(p) });
    expect(file.fileName).toBe('users-2026-06-15.csv');
    // Byte for byte, BOM included (Blob.text() would drop it).
    expect(Array.from(new Uint8Array(await file.blob.arrayBuffer()))).toEqual(
      Array.from(encoder.encode(chunks.join(''))),
    );
    expect(seen.at(-1)).toEqual({ bytes: encoder.encode(chunks.join('')).length, rows: 3, totalRows: 3 });
    expect(seen.map((p) => p.rows)).toEqual([0, 1, 3]);
  });
});
