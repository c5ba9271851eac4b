import {
  dateFormats,
  type OrganisationSettings,
  updateOrganisationSettingsBodySchema,
} from '@inspecta/contract';
import {
  Button,
  Group,
  Image,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconBuilding, IconRefresh } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useMemo } from 'react';
import { IMAGE_MAX_MB, ImageUpload } from '@/components/ui/image-upload';
import { isApiError } from '@/lib/api-client';
import { useChangeOrganisationLogo, useOrganisation, useUpdateOrganisation } from '../api/organisation';
import { formatSampleDate } from '../lib/date-format';
import { SettingsCard } from './settings-card';

/**
 * The browser's time zones, plus the saved one and the usual Indian and UTC names: browsers list
 * canonical ICU names (Chromium says "Asia/Calcutta"), while the server accepts every IANA name.
 */
function timeZones(current: string): string[] {
  const supported =
    (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return [...new Set([current, 'Asia/Kolkata', 'UTC', ...supported])].sort((a, b) => a.localeCompare(b));
}

function Logo({ organisation }: { organisation: OrganisationSettings }) {
  const change = useChangeOrganisationLogo();
  return (
    <ImageUpload
      preview={
        <Paper withBorder w={120} h={64} radius="md" p={6} style={{ display: 'grid', placeItems: 'center' }}>
          {organisation.logoUrl ? (
            <Image
              src={organisation.logoUrl}
              alt={`${organisation.companyName} logo`}
              fit="contain"
              h={52}
              w="auto"
              maw={108}
              data-testid="settings-organisation-logo"
            />
          ) : (
            <IconBuilding size={28} color="var(--mantine-color-gray-5)" aria-hidden="true" />
          )}
        </Paper>
      }
      hasImage={Boolean(organisation.logoUrl)}
      noun="logo"
      hint={`Shown in the header and footer. JPEG, PNG or WebP, at most ${IMAGE_MAX_MB} MB.`}
      pending={change.isPending}
      onChange={(file) =>
        change.mutate(file, {
          onSuccess: (result) => notifications.show({ color: 'green', message: result.message }),
          onError: (error) =>
            notifications.show({ color: 'red', title: 'Could not change the logo', message: error.message }),
        })
      }
    />
  );
}

function OrganisationForm({ organisation }: { organisation: OrganisationSettings }) {
  const save = useUpdateOrganisation();
  const zones = useMemo(() => timeZones(organisation.timezone), [organisation.timezone]);
  const values = {
    companyName: organisation.companyName,
    timezone: organisation.timezone,
    dateFormat: organisation.dateFormat,
    defaultInspectionIntervalDays: organisation.defaultInspectionIntervalDays as number | string,
  };
  const form = useForm({
    mode: 'controlled',
    initialValues: values,
    validate: zod4Resolver(updateOrganisationSettingsBodySchema),
    validateInputOnBlur: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved settings change.
  useEffect(() => {
    form.setInitialValues(values);
    form.setValues(values);
  }, [
    organisation.companyName,
    organisation.timezone,
    organisation.dateFormat,
    organisation.defaultInspectionIntervalDays,
  ]);

  const submit = form.onSubmit((input) =>
    save.mutate(
      { ...input, defaultInspectionIntervalDays: Number(input.defaultInspectionIntervalDays) },
      {
        onSuccess: (result) => notifications.show({ color: 'green', message: result.message }),
        onError: (error) => {
          if (isApiError(error) && error.details.length > 0) form.setErrors(error.fieldErrors());
          notifications.show({
            color: 'red',
            title: 'Could not save the organisation',
            message: error.message,
          });
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Company name"
            required
            autoComplete="organization"
            {...form.getInputProps('companyName')}
          />
          <Select
            label="Time zone"
            required
            searchable
            data={zones}
            allowDeselect={false}
            nothingFoundMessage="No such time zone"
            {...form.getInputProps('timezone')}
          />
          <Select
            label="Date format"
            required
            allowDeselect={false}
            data={dateFormats.map((f) => ({ value: f, label: `${f} (${formatSampleDate(f)})` }))}
            {...form.getInputProps('dateFormat')}
          />
          <NumberInput
            label="Default inspection interval"
            description="Days between inspections for equipment types that do not set their own"
            required
            min={1}
            max={3650}
            allowDecimal={false}
            suffix=" days"
            {...form.getInputProps('defaultInspectionIntervalDays')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save organisation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Company name, logo, time zone, date format and default inspection interval (administrators). */
export function OrganisationSection() {
  const query = useOrganisation();
  return (
    <SettingsCard
      id="organisation"
      title="Organisation"
      description="Your company as your team and clients see it, and the defaults the registers use."
    >
      {query.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={64} width={240} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : query.isError || !query.data ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            The organisation settings could not be loaded.
          </Text>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden="true" />}
            onClick={() => void query.refetch()}
          >
            Try again
          </Button>
        </Group>
      ) : (
        <>
          <Logo organisation={query.data.organisation} />
          <OrganisationForm organisation={query.data.organisation} />
        </>
      )}
    </SettingsCard>
  );
}
