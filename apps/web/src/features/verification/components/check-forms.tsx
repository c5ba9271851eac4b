import { sealHashSchema, VERIFY_PDF_MAX_BYTES } from '@inspecta/contract';
import { Alert, Button, FileInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileTypePdf, IconHash } from '@tabler/icons-react';
import { useState } from 'react';
import { useVerifyHash } from '../api/verify-hash';
import { useVerifyPdf } from '../api/verify-pdf';
import { SealResult } from './seal-result';

function CheckCard({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper
      component="section"
      aria-labelledby={`${id}-heading`}
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      bg="white"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={`${id}-heading`}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** "Check a PDF": upload a report; the server reads the seal it prints and checks it. */
export function CheckPdfForm() {
  const [file, setFile] = useState<File | null>(null);
  const check = useVerifyPdf();
  const tooLarge = file !== null && file.size > VERIFY_PDF_MAX_BYTES;
  return (
    <CheckCard id="check-pdf" title="Check a PDF">
      <Text size="sm" c="dimmed">
        Choose the report PDF you were given. Only its seal id and hash are read; the file is not kept.
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (file && !tooLarge) check.mutate(file);
        }}
      >
        <Stack gap="sm">
          <FileInput
            label="Report PDF"
            description={`The report as downloaded, at most ${VERIFY_PDF_MAX_BYTES / (1024 * 1024)} MB`}
            accept="application/pdf,.pdf"
            leftSection={<IconFileTypePdf size={18} aria-hidden />}
            value={file}
            onChange={(f) => {
              setFile(f);
              check.reset();
            }}
            error={
              tooLarge ? `The PDF must be at most ${VERIFY_PDF_MAX_BYTES / (1024 * 1024)} MB` : undefined
            }
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the chosen PDF' }}
          />
          <Button type="submit" loading={check.isPending} disabled={!file || tooLarge}>
            Check PDF
          </Button>
        </Stack>
      </form>
      {check.error ? (
        <Alert color="red" variant="light" role="alert">
          {check.error.status === 404 ? 'This PDF names a seal that does not exist.' : check.error.message}
        </Alert>
      ) : null}
      {check.data ? <SealResult result={check.data} /> : null}
    </CheckCard>
  );
}

/** "Check a hash": paste the SHA-256 printed on a report. */
export function CheckHashForm() {
  const [hash, setHash] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useVerifyHash();
  return (
    <CheckCard id="check-hash" title="Check a hash">
      <Text size="sm" c="dimmed">
        Paste the SHA-256 printed under the QR code of the report.
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = sealHashSchema.safeParse(hash);
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message ?? 'Enter the 64-character hash');
            return;
          }
          setError(null);
          check.mutate({ hash: parsed.data });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="SHA-256 hash"
            placeholder="64 hexadecimal characters"
            leftSection={<IconHash size={18} aria-hidden />}
            value={hash}
            onChange={(e) => {
              setHash(e.currentTarget.value);
              setError(null);
              check.reset();
            }}
            error={error}
            autoComplete="off"
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Button type="submit" loading={check.isPending} disabled={!hash.trim()}>
            Check hash
          </Button>
        </Stack>
      </form>
      {check.error ? (
        <Alert color="red" variant="light" role="alert">
          {check.error.status === 404 ? 'No report was sealed with this hash.' : check.error.message}
        </Alert>
      ) : null}
      {check.data ? <SealResult result={check.data} /> : null}
    </CheckCard>
  );
}
