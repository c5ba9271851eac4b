import { type SessionUser, updateMyProfileBodySchema } from '@inspecta/contract';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { IMAGE_MAX_MB, ImageUpload } from '@/components/ui/image-upload';
import { UserAvatar } from '@/components/ui/user-avatar';
import { useChangeMyProfileImage } from '@/features/users';
import { isApiError } from '@/lib/api-client';
import { useUpdateMyProfile } from '../api/update-my-profile';
import { SettingsCard } from './settings-card';

function ProfileImage({ user }: { user: SessionUser }) {
  const change = useChangeMyProfileImage();
  return (
    <ImageUpload
      preview={<UserAvatar user={user} size={72} data-testid="settings-avatar" />}
      hasImage={Boolean(user.profileImage)}
      noun="picture"
      hint={`JPEG, PNG or WebP, at most ${IMAGE_MAX_MB} MB. Shown in the header.`}
      pending={change.isPending}
      onChange={(file) =>
        change.mutate(file, {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              message: file ? 'Profile image updated' : 'Profile image removed',
            }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'Could not change the picture',
              message: error.message,
            }),
        })
      }
    />
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
