import {
  dateFormats,
  indianStates,
  type OrganisationSettings,
  type PostalLookupResponse,
  updateOrganisationSettingsBodySchema,
} from '@inspecta/contract';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Image,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconBuilding,
  IconCircleCheck,
  IconMapPin,
  IconRefresh,
} from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useCallback, useEffect, useMemo } from 'react';
import { IMAGE_MAX_MB, ImageUpload } from '@/components/ui/image-upload';
import { usePincodeLookup } from '@/features/sites';
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

const STATE_NAMES = indianStates.map((state) => state.name);
type PincodeLookupState = ReturnType<typeof usePincodeLookup>['state'];

/** What the PIN code lookup says under the field: filling in, filled, or down (type by hand). */
function PincodeLookupMessage({ state }: { state: PincodeLookupState }) {
  if (state.status === 'loading') {
    return (
      <Text size="sm" c="dimmed">
        Looking up PIN code {state.code}…
      </Text>
    );
  }
  if (state.status === 'found' && state.filled) {
    return (
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden="true" />
        <Text size="sm" c="dark.7">
          City and state filled in from PIN code {state.answer.pincode}. Check them before saving.
        </Text>
      </Group>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden="true" />}
        p="xs"
        data-testid="organisation-pincode-failed"
      >
        <Text size="sm" c="dark.8">
          {state.message}. Type the city and state below.
        </Text>
      </Alert>
    );
  }
  return null;
}

/** The form's values: every seller field is text ('' when not set), as the inputs hold it. */
function formValues(organisation: OrganisationSettings) {
  return {
    companyName: organisation.companyName,
    timezone: organisation.timezone,
    dateFormat: organisation.dateFormat,
    defaultInspectionIntervalDays: organisation.defaultInspectionIntervalDays as number | string,
    gstin: organisation.gstin ?? '',
    addressLine1: organisation.addressLine1 ?? '',
    addressLine2: organisation.addressLine2 ?? '',
    city: organisation.city ?? '',
    state: organisation.state ?? '',
    pincode: organisation.pincode ?? '',
    phone: organisation.phone ?? '',
    email: organisation.email ?? '',
  };
}

function OrganisationForm({ organisation }: { organisation: OrganisationSettings }) {
  const save = useUpdateOrganisation();
  const zones = useMemo(() => timeZones(organisation.timezone), [organisation.timezone]);
  const values = formValues(organisation);
  const form = useForm({
    mode: 'controlled',
    initialValues: values,
    validate: zod4Resolver(updateOrganisationSettingsBodySchema),
    validateInputOnBlur: true,
  });
  const fill = useCallback(
    (answer: PostalLookupResponse) => {
      form.setValues({ city: answer.city ?? '', state: answer.state ?? '' });
      form.clearFieldError('city');
      form.clearFieldError('state');
    },
    [form],
  );
  const pincodeLookup = usePincodeLookup(fill);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved settings change.
  useEffect(() => {
    form.setInitialValues(values);
    form.setValues(values);
  }, [
    organisation.companyName,
    organisation.timezone,
    organisation.dateFormat,
    organisation.defaultInspectionIntervalDays,
    organisation.gstin,
    organisation.addressLine1,
    organisation.addressLine2,
    organisation.city,
    organisation.state,
    organisation.pincode,
    organisation.phone,
    organisation.email,
  ]);

  const submit = form.onSubmit((input) =>
    save.mutate(
      {
        ...input,
        defaultInspectionIntervalDays: Number(input.defaultInspectionIntervalDays),
        gstin: input.gstin.trim().toUpperCase(),
      },
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
        <Stack gap={4} mt="xs">
          <Title order={3} size="h5">
            Seller details on bills
          </Title>
          <Text size="sm" c="dimmed">
            Printed on every tax invoice. The state decides the tax: CGST + SGST for a delivery in the same
            state, IGST for another.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="GSTIN"
            description="15 characters; its first two digits are the state's code"
            placeholder="e.g. 27AAPFU0939F1ZV"
            maxLength={15}
            autoComplete="off"
            styles={{
              input: { textTransform: 'uppercase', fontFamily: 'var(--mantine-font-family-monospace)' },
            }}
            {...form.getInputProps('gstin')}
          />
          <Stack gap={6}>
            <TextInput
              label="PIN code"
              description="City and state are filled in from it"
              placeholder="6 digits, e.g. 400069"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              leftSection={<IconMapPin size={16} aria-hidden="true" />}
              rightSection={
                pincodeLookup.state.status === 'loading' ? (
                  <Loader size={16} aria-label="Looking up" />
                ) : undefined
              }
              {...form.getInputProps('pincode')}
              onChange={(event) => {
                const code = event.currentTarget.value.replace(/\D/g, '').slice(0, 6);
                form.setFieldValue('pincode', code);
                void pincodeLookup.lookup(code);
              }}
            />
            <div aria-live="polite" data-testid="organisation-pincode-lookup">
              <PincodeLookupMessage state={pincodeLookup.state} />
            </div>
          </Stack>
          <TextInput
            label="Address line 1"
            placeholder="Building, street"
            maxLength={200}
            autoComplete="address-line1"
            {...form.getInputProps('addressLine1')}
          />
          <TextInput
            label="Address line 2"
            placeholder="Area, locality"
            maxLength={200}
            autoComplete="address-line2"
            {...form.getInputProps('addressLine2')}
          />
          <TextInput
            label="City"
            maxLength={100}
            autoComplete="address-level2"
            {...form.getInputProps('city')}
          />
          <Autocomplete
            label="State"
            description="Where the company is registered for GST"
            data={STATE_NAMES}
            maxLength={100}
            autoComplete="address-level1"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('state')}
          />
          <TextInput
            label="Phone"
            type="tel"
            maxLength={20}
            autoComplete="tel"
            {...form.getInputProps('phone')}
          />
          <TextInput
            label="Email"
            type="email"
            placeholder="e.g. accounts@example.com"
            maxLength={200}
            autoComplete="email"
            {...form.getInputProps('email')}
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

/**
 * Company name, logo, time zone, date format and default inspection interval, and the seller's GSTIN,
 * address and contacts printed on bills (administrators).
 */
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
