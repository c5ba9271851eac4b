import {
  type AddressKind,
  addressCreateBodySchema,
  type PostalLookupResponse,
  type ShopAddress,
} from '@inspecta/contract';
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Drawer,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconMapPin } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useCallback, useEffect, useState } from 'react';
import { INDIAN_STATES, usePincodeLookup } from '@/features/sites';
import { isApiError } from '@/lib/api-client';
import { useCreateAddress } from '../api/create-address';
import { useUpdateAddress } from '../api/update-address';

interface AddressFormValues {
  kind: AddressKind;
  label: string;
  contactName: string;
  phone: string;
  pincode: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  district: string;
  state: string;
  gstin: string;
  isDefault: boolean;
}

const EMPTY: AddressFormValues = {
  kind: 'shipping',
  label: '',
  contactName: '',
  phone: '',
  pincode: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  district: '',
  state: '',
  gstin: '',
  isDefault: false,
};

function valuesOf(address: ShopAddress): AddressFormValues {
  return {
    kind: address.kind,
    label: address.label,
    contactName: address.contactName ?? '',
    phone: address.phone ?? '',
    pincode: address.pincode,
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2 ?? '',
    city: address.city,
    district: address.district ?? '',
    state: address.state,
    gstin: address.gstin ?? '',
    isDefault: address.isDefault,
  };
}

/** The body the API takes (the shared schema checks it on both sides). */
function bodyOf(values: AddressFormValues) {
  const { kind, gstin, ...rest } = values;
  return { kind, ...rest, gstin: kind === 'billing' ? gstin.trim() : '' };
}

const validate = (values: AddressFormValues) => zod4Resolver(addressCreateBodySchema)(bodyOf(values));

function LookupMessage({ state }: { state: ReturnType<typeof usePincodeLookup>['state'] }) {
  if (state.status === 'loading')
    return (
      <Text size="sm" c="dimmed">
        Looking up PIN code {state.code}…
      </Text>
    );
  if (state.status === 'found' && state.filled)
    return (
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden="true" />
        <Text size="sm" c="dark.7">
          Filled in from PIN code {state.answer.pincode}:{' '}
          {[state.answer.city, state.answer.state].filter(Boolean).join(', ')}. Check them.
        </Text>
      </Group>
    );
  if (state.status === 'failed')
    return (
      <Alert
        color="orange"
        variant="light"
        p="xs"
        icon={<IconAlertTriangle size={18} aria-hidden="true" />}
        data-testid="pincode-lookup-failed"
      >
        <Text size="sm" c="dark.8">
          {state.message}. Type the city, district and state below.
        </Text>
      </Alert>
    );
  return null;
}

interface AddressFormDrawerProps {
  clientId: number;
  opened: boolean;
  onClose: () => void;
  /** The address to edit; none adds one of `kind`. */
  address: ShopAddress | null;
  kind?: AddressKind;
  /** Called with the saved address (the new-order wizard uses the new one at once). */
  onSaved?: (address: ShopAddress) => void;
}

/** Add or edit a client's billing or shipping address; the PIN code fills city, district and state. */
export function AddressFormDrawer({
  clientId,
  opened,
  onClose,
  address,
  kind,
  onSaved,
}: AddressFormDrawerProps) {
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AddressFormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate,
    validateInputOnBlur: true,
  });

  const fill = useCallback(
    (answer: PostalLookupResponse) => {
      form.setValues({ city: answer.city ?? '', district: answer.district ?? '', state: answer.state ?? '' });
      form.clearFieldError('city');
      form.clearFieldError('district');
      form.clearFieldError('state');
    },
    [form],
  );
  const lookup = usePincodeLookup(fill);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the drawer opens.
  useEffect(() => {
    if (!opened) return;
    form.setValues(address ? valuesOf(address) : { ...EMPTY, kind: kind ?? 'shipping' });
    form.resetDirty();
    form.clearErrors();
    lookup.reset();
    setFailure(null);
  }, [opened, address]);

  const values = form.getValues();
  const billing = values.kind === 'billing';
  const title = address
    ? `Edit ${address.label}`
    : billing
      ? 'Add billing address'
      : values.kind === 'shipping'
        ? 'Add shipping address'
        : 'Add address';

  const handleSubmit = form.onSubmit(async (formValues) => {
    setFailure(null);
    try {
      const body = bodyOf(formValues);
      const result = address
        ? await update.mutateAsync({
            clientId,
            addressId: address.id,
            body: (({ kind: _kind, ...rest }) => rest)(body),
          })
        : await create.mutateAsync({ clientId, body });
      notifications.show({
        color: 'teal',
        title: address ? 'Address saved' : 'Address added',
        message: result.address.label,
      });
      onSaved?.(result.address);
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        form.setErrors(error.fieldErrors());
        setFailure(error.message);
      } else setFailure('Something went wrong. Please try again.');
    }
  });

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={handleSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              {failure}
            </Alert>
          ) : null}
          {address ? null : (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="address-kind-label">
                Kind
              </Text>
              <SegmentedControl
                aria-labelledby="address-kind-label"
                data={[
                  { value: 'shipping', label: 'Shipping' },
                  { value: 'billing', label: 'Billing' },
                ]}
                {...form.getInputProps('kind')}
              />
            </Stack>
          )}
          <TextInput
            label="Label"
            description={billing ? 'e.g. Head office' : 'e.g. the site or warehouse name'}
            withAsterisk
            data-autofocus
            maxLength={80}
            {...form.getInputProps('label')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Contact name" maxLength={120} {...form.getInputProps('contactName')} />
            <TextInput label="Phone" type="tel" maxLength={20} {...form.getInputProps('phone')} />
          </SimpleGrid>
          <Stack gap={6}>
            <TextInput
              label="PIN code"
              description="City, district and state are filled in from the PIN code."
              placeholder="6 digits, e.g. 400069"
              withAsterisk
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              leftSection={<IconMapPin size={16} aria-hidden="true" />}
              rightSection={
                lookup.state.status === 'loading' ? <Loader size={16} aria-label="Looking up" /> : undefined
              }
              {...form.getInputProps('pincode')}
              onChange={(event) => {
                const code = event.currentTarget.value.replace(/\D/g, '').slice(0, 6);
                form.setFieldValue('pincode', code);
                void lookup.lookup(code);
              }}
              w={{ base: '100%', xs: 260 }}
            />
            <div aria-live="polite" data-testid="pincode-lookup">
              <LookupMessage state={lookup.state} />
            </div>
          </Stack>
          <TextInput
            label="Address line 1"
            placeholder="Building, street"
            withAsterisk
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
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="City" withAsterisk maxLength={100} {...form.getInputProps('city')} />
            <TextInput label="District" maxLength={100} {...form.getInputProps('district')} />
            <Autocomplete
              label="State"
              withAsterisk
              data={INDIAN_STATES}
              maxLength={100}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('state')}
            />
          </SimpleGrid>
          {billing ? (
            <TextInput
              label="GSTIN"
              description="The client's GST number for this billing address (optional); it must belong to the state above."
              placeholder="e.g. 27AAPFU0939F1ZV"
              maxLength={15}
              autoCapitalize="characters"
              {...form.getInputProps('gstin')}
              onChange={(event) => form.setFieldValue('gstin', event.currentTarget.value.toUpperCase())}
            />
          ) : null}
          <Checkbox
            label={`The default ${billing ? 'billing' : 'shipping'} address of this client`}
            {...form.getInputProps('isDefault', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {address ? 'Save address' : 'Add address'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
