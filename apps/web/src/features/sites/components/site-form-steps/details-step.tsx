import type { SiteClient } from '@inspecta/contract';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { ClientSelect } from '../client-select';
import { requiredAtSave, type SiteForm } from './step-fields';

/** Step 1: the site's name, code, client and notes. */
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
        withAsterisk={requiredAtSave('clientId')}
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
