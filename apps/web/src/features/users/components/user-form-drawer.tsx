import {
  editUserFormSchema,
  type RegisterUserResponse,
  registerUserBodySchema,
  type UpdateUserProfileBody,
  type User,
  type UserType,
} from '@inspecta/contract';
import {
  Alert,
  Button,
  Drawer,
  Group,
  Input,
  PasswordInput,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useRegisterUser } from '../api/register-user';
import { useUpdateUserProfile } from '../api/update-user-profile';
import { fullName, ROLE_LABEL } from '../lib/labels';

export type UserFormValues = {
  userType: UserType;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  employeeCode: string;
  licenceNumber: string;
  access: 'invite' | 'password';
  password: string;
};

const PROFILE_KEYS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'employeeCode',
  'licenceNumber',
] as const;

function initialValues(user: User | null, defaultType: UserType): UserFormValues {
  return {
    userType: user?.userType ?? defaultType,
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    company: user?.company ?? '',
    employeeCode: user?.employeeCode ?? '',
    licenceNumber: user?.licenceNumber ?? '',
    access: 'invite',
    password: '',
  };
}

/** The create form's values as the register body (the shared schema decides what is valid). */
export function toRegisterInput(values: UserFormValues) {
  const { access, password, ...rest } = values;
  return access === 'invite'
    ? { ...rest, sendInvitation: true as const }
    : { ...rest, sendInvitation: false as const, password };
}

const validateCreate = (values: UserFormValues) =>
  zod4Resolver(registerUserBodySchema)(toRegisterInput(values));
const validateEdit = (values: UserFormValues) => zod4Resolver(editUserFormSchema)(values);

interface UserFormDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** The user to edit; null to create one. */
  user: User | null;
  /** The role preselected when creating (the current tab). */
  defaultType: UserType;
  onCreated?: (result: RegisterUserResponse) => void;
}

/** Create and edit share this form, validated by the contract's schemas on both sides. */
export function UserFormDrawer({ opened, onClose, user, defaultType, onCreated }: UserFormDrawerProps) {
  const editing = user !== null;
  const [failure, setFailure] = useState<string | null>(null);
  const registerMutation = useRegisterUser();
  const updateMutation = useUpdateUserProfile();

  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: initialValues(user, defaultType),
    validate: editing ? validateEdit : validateCreate,
    validateInputOnBlur: true,
  });

  // A fresh form each time the drawer opens, for the user (or role) it opens with.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the drawer opens.
  useEffect(() => {
    if (!opened) return;
    const values = initialValues(user, defaultType);
    form.setInitialValues(values);
    form.setValues(values);
    form.clearErrors();
    setFailure(null);
  }, [opened, user?.id, defaultType]);

  const submitting = registerMutation.isPending || updateMutation.isPending;

  const handleSubmit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      if (!user) {
        const result = await registerMutation.mutateAsync(
          registerUserBodySchema.parse(toRegisterInput(values)),
        );
        notifications.show({ color: 'green', title: 'User created', message: result.message });
        onCreated?.(result);
        onClose();
        return;
      }
      const parsed = editUserFormSchema.parse(values);
      const patch: UpdateUserProfileBody = {};
      for (const key of PROFILE_KEYS) {
        if ((parsed[key] ?? null) !== (user[key] ?? null)) Object.assign(patch, { [key]: parsed[key] });
      }
      if (Object.keys(patch).length === 0) {
        notifications.show({
          color: 'gray',
          title: 'Nothing changed',
          message: `${fullName(user)} is as it was.`,
        });
        onClose();
        return;
      }
      const result = await updateMutation.mutateAsync({ id: user.id, body: patch });
      notifications.show({ color: 'green', title: 'Changes saved', message: result.message });
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        const fieldErrors = error.fieldErrors();
        form.setErrors(fieldErrors);
        // Field problems show on the fields; anything else in the alert.
        setFailure(Object.keys(fieldErrors).length ? null : error.message);
      } else {
        setFailure('Something went wrong. Please try again.');
      }
    }
  });

  const type = form.values.userType;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={
        <Text fw={650} fz="lg" component="span">
          {editing ? `Edit ${fullName(user)}` : 'New user'}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="user-form-drawer"
    >
      <form onSubmit={handleSubmit} noValidate aria-label={editing ? 'Edit user' : 'New user'}>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              {failure}
            </Alert>
          ) : null}

          {editing ? (
            <Text size="sm" c="dimmed">
              Role: <strong>{ROLE_LABEL[type]}</strong>. The role is fixed once the account exists.
            </Text>
          ) : (
            <Input.Wrapper label="Role" labelElement="div" withAsterisk>
              <SegmentedControl
                fullWidth
                aria-label="Role"
                data={[
                  { value: 'admin', label: 'Admin' },
                  { value: 'inspector', label: 'Inspector' },
                  { value: 'client', label: 'Client' },
                ]}
                {...form.getInputProps('userType')}
              />
            </Input.Wrapper>
          )}

          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="First name"
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            autoComplete="off"
            placeholder="name@company.in"
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Phone"
            type="tel"
            withAsterisk={type !== 'admin'}
            autoComplete="off"
            placeholder="+91 98200 12345"
            description="International format, starting with + and the country code"
            {...form.getInputProps('phone')}
          />
          {type === 'client' ? (
            <TextInput
              label="Company"
              withAsterisk
              placeholder="Raman Realty Pvt Ltd"
              {...form.getInputProps('company')}
            />
          ) : null}
          {type === 'inspector' ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput
                label="Employee code"
                withAsterisk
                placeholder="INS-120"
                {...form.getInputProps('employeeCode')}
              />
              <TextInput
                label="Licence number"
                withAsterisk
                placeholder="FSL-MH-22871"
                {...form.getInputProps('licenceNumber')}
              />
            </SimpleGrid>
          ) : null}

          {editing ? null : (
            <>
              <Radio.Group label="Sign-in" withAsterisk {...form.getInputProps('access')}>
                <Stack gap="xs" mt={6}>
                  <Radio value="invite" label="Email an invitation to choose a password (valid 7 days)" />
                  <Radio value="password" label="Set a password now" />
                </Stack>
              </Radio.Group>
              {form.values.access === 'password' ? (
                <PasswordInput
                  label="Password"
                  withAsterisk
                  autoComplete="new-password"
                  description="At least 10 characters, not a common password and not the email"
                  {...form.getInputProps('password')}
                />
              ) : null}
            </>
          )}

          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              {editing ? 'Save changes' : 'Create user'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
