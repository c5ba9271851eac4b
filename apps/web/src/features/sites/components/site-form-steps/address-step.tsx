import type { PostalLookupResponse } from '@inspecta/contract';
import {
  Alert,
  Autocomplete,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMapPin } from '@tabler/icons-react';
import { useCallback, useEffect } from 'react';
import { usePincodeLookup } from '../../hooks/use-pincode-lookup';
import { INDIAN_STATES } from '../../lib/indian-states';
import { requiredAtSave, type SiteForm } from './step-fields';

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

/** Step 2: the address, filled in from the PIN code where the lookup knows it. */
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
          withAsterisk={requiredAtSave('pincode')}
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
        withAsterisk={requiredAtSave('addressLine1')}
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
          withAsterisk={requiredAtSave('city')}
          maxLength={100}
          autoComplete="address-level2"
          {...form.getInputProps('city')}
        />
        <TextInput label="District" maxLength={100} {...form.getInputProps('district')} />
        <Autocomplete
          label="State"
          withAsterisk={requiredAtSave('state')}
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
