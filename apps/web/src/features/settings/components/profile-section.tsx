import {
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  type SessionUser,
  updateMyProfileBodySchema,
} from '@inspecta/contract';
import { Button, FileButton, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { UserAvatar } from '@/components/ui/user-avatar';
import { isApiError } from '@/lib/api-client';
import { useChangeMyProfileImage } from '../api/my-profile-image';
import { useUpdateMyProfile } from '../api/update-my-profile';
import { SettingsCard } from './settings-card';

const MAX_MB = PROFILE_IMAGE_MAX_BYTES / (1024 * 1024);

function ProfileImage({ user }: { user: SessionUser }) {
  const change = useChangeMyProfileImage();
  const onChange = (file: File | null, removing = false) => {
    if (!file && !removing) return;
    if (file && file.size > PROFILE_IMAGE_MAX_BYTES) {
      notifications.show({
        color: 'red',
        title: 'Image too large',
        message: `Choose an image of at most ${MAX_MB} MB.`,
      });
      return;
    }
    change.mutate(file, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          message: removing ? 'Profile image removed' : 'Profile image updated',
        }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not change the picture', message: error.message }),
    });
  };
  return (
    <Group gap="md" wrap="nowrap">
      <UserAvatar user={user} size={72} data-testid="settings-avatar" />
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={(file) => onChange(file)} accept={PROFILE_IMAGE_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconPhotoUp size={14} aria-hidden="true" />}
                loading={change.isPending}
              >
                {user.profileImage ? 'Change picture' : 'Upload picture'}
              </Button>
            )}
          </FileButton>
          {user.profileImage ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden="true" />}
              onClick={() => onChange(null, true)}
              disabled={change.isPending}
            >
              Remove
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          JPEG, PNG or WebP, at most {MAX_MB} MB. Shown in the header.
        </Text>
      </Stack>
    </Group>
  );
}

/** Name, phone and picture of the signed-in user. */
export function ProfileSection({ user }: { user: SessionUser }) {
  const save = useUpdateMyProfile();
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' },
    validate: zod4Resolver(updateMyProfileBodySchema),
    validateInputOnBlur: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh when the saved user changes.
  useEffect(() => {
    const values = { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' };
    form.setInitialValues(values);
    form.setValues(values);
  }, [user.id, user.firstName, user.lastName, user.phone]);

  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (result) => notifications.show({ color: 'green', message: result.message }),
      onError: (error) => {
        if (isApiError(error) && error.details.length > 0) form.setErrors(error.fieldErrors());
        notifications.show({ color: 'red', title: 'Could not save your profile', message: error.message });
      },
    }),
  );

  return (
    <SettingsCard id="profile" title="Profile" description="How you appear to your team.">
      <ProfileImage user={user} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              required
              autoComplete="given-name"
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              required
              autoComplete="family-name"
              {...form.getInputProps('lastName')}
            />
            <TextInput
              label="Phone"
              placeholder="+91 98200 10001"
              autoComplete="tel"
              {...form.getInputProps('phone')}
            />
            <TextInput label="Email" value={user.email} readOnly description="Used to sign in" />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}
