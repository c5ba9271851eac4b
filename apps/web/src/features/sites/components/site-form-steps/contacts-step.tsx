import { MAX_OTHER_CONTACTS } from '@inspecta/contract';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { emptyContact } from '../../lib/site-form';
import { requiredAtSave, type SiteForm } from './step-fields';

/** Step 3: the primary contact and up to a few others. */
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
            withAsterisk={requiredAtSave('contactName')}
            maxLength={120}
            autoComplete="off"
            {...form.getInputProps('contactName')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Phone"
              description="Indian numbers are saved as +91…"
              placeholder="e.g. 98200 10001"
              withAsterisk={requiredAtSave('contactPhone')}
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
