import { portalCertificateQuerySchema } from '@inspecta/contract';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCertificate } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { DateField } from '@/components/ui/date-field';
import { isApiError } from '@/lib/api-client';
import { todayIso } from '@/lib/dates';
import { useDownloadCertificate } from '../api/download-certificate';

/**
 * "Compliance certificate": a PDF of the site on a chosen day (today by default, never later):
 * each unit's last inspection by then, its due status, the open actions, compliant or not.
 */
export function CertificatePanel({ siteId }: { siteId: number }) {
  const download = useDownloadCertificate();
  const today = todayIso();
  const form = useForm({
    mode: 'controlled',
    initialValues: { date: today },
    validate: (values) => {
      const parsed = zod4Resolver(portalCertificateQuerySchema)(values);
      if (Object.keys(parsed).length) return parsed;
      if (!values.date) return { date: 'Choose a date' };
      return values.date > todayIso() ? { date: 'The date cannot be in the future' } : {};
    },
  });

  const submit = form.onSubmit((values) =>
    download.mutate(
      { siteId, date: values.date },
      {
        onSuccess: (name) =>
          notifications.show({
            color: 'teal',
            title: 'Certificate downloaded',
            message: `${name} was saved`,
          }),
        onError: (error) => {
          if (isApiError(error) && error.fieldErrors().date)
            form.setErrors({ date: error.fieldErrors().date });
          notifications.show({
            color: 'red',
            title: 'The certificate could not be downloaded',
            message: isApiError(error) ? error.message : 'Please try again.',
          });
        },
      },
    ),
  );

  return (
    <Paper withBorder radius="md" p="md" bg="white" component="section" aria-labelledby="certificate-heading">
      <form onSubmit={submit} noValidate aria-label="Compliance certificate">
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4" id="certificate-heading">
              Compliance certificate
            </Title>
            <Text size="sm" c="dark.4">
              A PDF for auditors: every unit’s last inspection on or before the date, its result and seal,
              what was due and the open corrective actions.
            </Text>
          </div>
          <DateField
            label="Certificate date"
            max={today}
            size="md"
            {...form.getInputProps('date')}
            data-testid="certificate-date"
          />
          <Button
            type="submit"
            size="md"
            leftSection={<IconCertificate size={18} aria-hidden="true" />}
            loading={download.isPending}
            data-testid="certificate-download"
          >
            Download certificate (PDF)
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
