import {
  MAX_OTHER_CONTACTS,
  type PostalLookupResponse,
  SITE_REQUIRED_FIELDS,
  type SiteClient,
} from '@inspecta/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Autocomplete,
  Button,
  Fieldset,
  Group,
  List,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconExternalLink,
  IconMapPin,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect } from 'react';
import { usePincodeLookup } from '../hooks/use-pincode-lookup';
import { formatPhone } from '../lib/format';
import { INDIAN_STATES } from '../lib/indian-states';
import { formatAddress, openStreetMapUrl } from '../lib/map-link';
import { emptyContact, formToBody, missingForSave, SITE_STEPS, type SiteFormValues } from '../lib/site-form';
import { ClientSelect, clientLabel } from './client-select';
import classes from './sites.module.css';

type SiteForm = UseFormReturnType<SiteFormValues>;

/** Fields needed at save are marked, so the user sees what a draft may leave for later. */
const required = (field: keyof typeof SITE_REQUIRED_FIELDS) => field in SITE_REQUIRED_FIELDS;

export function DetailsStep({
  form,
  existing,
  client,
}: {
  form: SiteForm;
  existing: boolean;
  client: Pick<SiteClient, 'id' | 'name' | 'company' | 'status'> | null;
}) {
  const clientInput = form.getInputProps('clientId');
  return (
    <Stack gap="md">
      <TextInput
        label="Site name"
        placeholder="e.g. Andheri East Business Park"
        withAsterisk
        maxLength={120}
        data-autofocus
        {...form.getInputProps('name')}
      />
      <TextInput
        label="SiteId no."
        description={
          existing
            ? 'The unique code people search the site by.'
            : 'Leave blank to get the next number, such as ST-000123.'
        }
        placeholder={existing ? undefined : 'Generated when left blank'}
        maxLength={40}
        autoComplete="off"
        {...form.getInputProps('siteCode')}
      />
      <ClientSelect
        label="Client"
        description="The client who owns the site."
        placeholder="Search clients by name, company or email"
        withAsterisk={required('clientId')}
        activeOnly
        selected={client && String(client.id) === form.getValues().clientId ? client : null}
        value={form.getValues().clientId}
        onChange={(value) => form.setFieldValue('clientId', value)}
        error={clientInput.error}
      />
      <Textarea
        label="Notes"
        description="Access instructions, permits, visiting hours."
        autosize
        minRows={3}
        maxRows={8}
        maxLength={2000}
        {...form.getInputProps('notes')}
      />
    </Stack>
  );
}

function LookupMessage({ state }: { state: ReturnType<typeof usePincodeLookup>['state'] }) {
  if (state.status === 'loading') {
    return (
      <Text size="sm" c="dimmed">
        Looking up PIN code {state.code}…
      </Text>
    );
  }
  if (state.status === 'found' && state.filled) {
    const { answer } = state;
    return (
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden="true" />
        <Text size="sm" c="dark.7">
          Filled in from PIN code {answer.pincode}: {[answer.city, answer.state].filter(Boolean).join(', ')}.
          Check them and pick the locality below.
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
        data-testid="pincode-lookup-failed"
      >
        <Text size="sm" c="dark.8">
          {state.message}.
        </Text>
      </Alert>
    );
  }
  return null;
}

export function AddressStep({ form }: { form: SiteForm }) {
  const fill = useCallback(
    (answer: PostalLookupResponse) => {
      form.setValues({
        city: answer.city ?? '',
        district: answer.district ?? '',
        state: answer.state ?? '',
      });
      form.clearFieldError('city');
      form.clearFieldError('district');
      form.clearFieldError('state');
    },
    [form],
  );
  const { state, lookup } = usePincodeLookup(fill);
  const pincode = form.getValues().pincode;

  // A saved PIN code still offers its localities, without overwriting what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, for the code the step opened with
  useEffect(() => {
    if (pincode) void lookup(pincode, { fill: false });
  }, []);

  const localities =
    state.status === 'found' ? [...new Set(state.answer.postOffices.map((office) => office.name))] : [];
  const pinInput = form.getInputProps('pincode');

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <TextInput
          label="PIN code"
          description="City, district and state are filled in from the PIN code."
          placeholder="6 digits, e.g. 400069"
          withAsterisk={required('pincode')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          leftSection={<IconMapPin size={16} aria-hidden="true" />}
          rightSection={state.status === 'loading' ? <Loader size={16} aria-label="Looking up" /> : undefined}
          {...pinInput}
          onChange={(event) => {
            const code = event.currentTarget.value.replace(/\D/g, '').slice(0, 6);
            form.setFieldValue('pincode', code);
            void lookup(code);
          }}
          w={{ base: '100%', xs: 260 }}
        />
        <div aria-live="polite" data-testid="pincode-lookup">
          <LookupMessage state={state} />
        </div>
      </Stack>
      <TextInput
        label="Street address"
        placeholder="Building, street"
        withAsterisk={required('addressLine1')}
        maxLength={200}
        autoComplete="address-line1"
        {...form.getInputProps('addressLine1')}
      />
      <Autocomplete
        label="Area / locality"
        placeholder={localities.length ? 'Pick or type the locality' : 'e.g. Andheri East'}
        data={localities}
        maxLength={200}
        autoComplete="address-line2"
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('addressLine2')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          label="City"
          withAsterisk={required('city')}
          maxLength={100}
          autoComplete="address-level2"
          {...form.getInputProps('city')}
        />
        <TextInput label="District" maxLength={100} {...form.getInputProps('district')} />
        <Autocomplete
          label="State"
          withAsterisk={required('state')}
          data={INDIAN_STATES}
          maxLength={100}
          autoComplete="address-level1"
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('state')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label="Latitude"
          description="Optional: places the map link exactly."
          placeholder="e.g. 19.1136"
          min={-90}
          max={90}
          decimalScale={6}
          hideControls
          {...form.getInputProps('latitude')}
        />
        <NumberInput
          label="Longitude"
          description="Optional, together with the latitude."
          placeholder="e.g. 72.8697"
          min={-180}
          max={180}
          decimalScale={6}
          hideControls
          {...form.getInputProps('longitude')}
        />
      </SimpleGrid>
    </Stack>
  );
}

export function ContactsStep({ form }: { form: SiteForm }) {
  const contacts = form.getValues().otherContacts;
  const listError = form.errors.otherContacts;
  return (
    <Stack gap="lg">
      <Fieldset legend="Primary contact" variant="unstyled" styles={{ legend: { fontWeight: 650 } }}>
        <Stack gap="md">
          <TextInput
            label="Name"
            placeholder="e.g. Sanjay Shah, facilities manager"
            withAsterisk={required('contactName')}
            maxLength={120}
            autoComplete="off"
            {...form.getInputProps('contactName')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Phone"
              description="Indian numbers are saved as +91…"
              placeholder="e.g. 98200 10001"
              withAsterisk={required('contactPhone')}
              type="tel"
              maxLength={30}
              autoComplete="off"
              {...form.getInputProps('contactPhone')}
            />
            <TextInput
              label="Email"
              description="Receives visit notices."
              placeholder="facilities@example.in"
              type="email"
              maxLength={254}
              autoComplete="off"
              {...form.getInputProps('contactEmail')}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend="Other contacts" variant="unstyled" styles={{ legend: { fontWeight: 650 } }}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Security desk, maintenance lead or anyone else inspectors may need on the day (up to{' '}
            {MAX_OTHER_CONTACTS}).
          </Text>
          {contacts.map((contact, index) => (
            <Paper key={contact.key} withBorder p="sm" bg="gray.0" data-testid="other-contact">
              <Group justify="space-between" mb="xs">
                <Text size="sm" fw={600}>
                  Contact {index + 1}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove contact ${index + 1}`}
                  onClick={() => form.removeListItem('otherContacts', index)}
                >
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label="Name"
                  withAsterisk
                  maxLength={120}
                  autoComplete="off"
                  {...form.getInputProps(`otherContacts.${index}.name`)}
                />
                <TextInput
                  label="Role"
                  placeholder="e.g. Security desk"
                  maxLength={80}
                  autoComplete="off"
                  {...form.getInputProps(`otherContacts.${index}.role`)}
                />
                <TextInput
                  label="Phone"
                  type="tel"
                  maxLength={30}
                  autoComplete="off"
                  {...form.getInputProps(`otherContacts.${index}.phone`)}
                />
                <TextInput
                  label="Email"
                  type="email"
                  maxLength={254}
                  autoComplete="off"
                  {...form.getInputProps(`otherContacts.${index}.email`)}
                />
              </SimpleGrid>
            </Paper>
          ))}
          {typeof listError === 'string' ? (
            <Text size="sm" c="red.7">
              {listError}
            </Text>
          ) : null}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => form.insertListItem('otherContacts', emptyContact())}
              disabled={contacts.length >= MAX_OTHER_CONTACTS}
            >
              Add another contact
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </Stack>
  );
}

function ReviewSection({
  title,
  step,
  onEdit,
  children,
}: {
  title: string;
  step: number;
  onEdit: (step: number) => void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" bg="white">
      <Group justify="space-between" mb="sm">
        <Title order={3}>{title}</Title>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPencil size={14} aria-hidden="true" />}
          onClick={() => onEdit(step)}
          aria-label={`Edit ${title.toLowerCase()}`}
        >
          Edit
        </Button>
      </Group>
      {children}
    </Paper>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {value || (
          <Text span c="dimmed" size="sm">
            Not given
          </Text>
        )}
      </dd>
    </>
  );
}

export function ReviewStep({
  form,
  isDraft,
  client,
  serverProblems,
  onEdit,
}: {
  form: SiteForm;
  isDraft: boolean;
  client: Pick<SiteClient, 'name' | 'company'> | null;
  serverProblems: Array<{ field: string; message: string; step: number }>;
  onEdit: (step: number) => void;
}) {
  const values = form.getValues();
  const body = formToBody(values);
  const located = {
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    addressLine1: values.addressLine1 || null,
    addressLine2: values.addressLine2 || null,
    city: values.city || null,
    district: values.district || null,
    state: values.state || null,
    pincode: values.pincode || null,
    country: 'India',
  };
  const mapUrl = openStreetMapUrl(located);
  const missing = isDraft ? missingForSave(values) : [];
  const problems = [...missing, ...serverProblems.filter((p) => !missing.some((m) => m.field === p.field))];

  return (
    <Stack gap="md">
      {problems.length ? (
        <Alert
          color="orange"
          variant="light"
          title="Before this site can be saved"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          data-testid="review-missing"
        >
          <List size="sm" spacing={4}>
            {problems.map((problem) => (
              <List.Item key={problem.field}>
                {problem.message}{' '}
                <Anchor component="button" type="button" size="sm" onClick={() => onEdit(problem.step)}>
                  (go to {SITE_STEPS[problem.step]!.label.toLowerCase()})
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : isDraft ? (
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck size={18} aria-hidden="true" />}
          data-testid="review-ready"
        >
          <Text size="sm" c="dark.8">
            Everything the site needs is here. Save it to make it active.
          </Text>
        </Alert>
      ) : null}

      <ReviewSection title="Site details" step={0} onEdit={onEdit}>
        <dl className={classes.definition}>
          <Row label="Site name" value={values.name} />
          <Row label="SiteId no." value={values.siteCode} />
          <Row label="Client" value={client ? clientLabel(client) : null} />
          <Row label="Notes" value={values.notes} />
        </dl>
      </ReviewSection>
      <ReviewSection title="Address" step={1} onEdit={onEdit}>
        <dl className={classes.definition}>
          <Row label="Address" value={formatAddress(located)} />
          <Row
            label="Coordinates"
            value={
              located.latitude !== null && located.longitude !== null
                ? `${located.latitude}, ${located.longitude}`
                : null
            }
          />
          <Row
            label="Map"
            value={
              mapUrl ? (
                <Anchor href={mapUrl} target="_blank" rel="noopener noreferrer" size="sm">
                  Open in OpenStreetMap <IconExternalLink size={12} aria-hidden="true" />
                </Anchor>
              ) : null
            }
          />
        </dl>
      </ReviewSection>
      <ReviewSection title="Contacts" step={2} onEdit={onEdit}>
        <dl className={classes.definition}>
          <Row
            label="Primary"
            value={
              values.contactName
                ? [values.contactName, formatPhone(values.contactPhone), values.contactEmail]
                    .filter(Boolean)
                    .join(' · ')
                : null
            }
          />
          {values.otherContacts.map((contact, index) => (
            <Row
              key={contact.key}
              label={contact.role || `Contact ${index + 2}`}
              value={[contact.name, formatPhone(contact.phone), contact.email].filter(Boolean).join(' · ')}
            />
          ))}
        </dl>
      </ReviewSection>
    </Stack>
  );
}
