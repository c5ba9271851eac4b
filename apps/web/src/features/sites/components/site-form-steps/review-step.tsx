import type { SiteClient } from '@inspecta/contract';
import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconExternalLink, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatPhone } from '../../lib/format';
import { formatAddress, openStreetMapUrl } from '../../lib/map-link';
import { formToBody, missingForSave, SITE_STEPS } from '../../lib/site-form';
import { clientLabel } from '../client-select';
import classes from '../sites.module.css';
import type { SiteForm } from './step-fields';

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

/** Step 4: everything entered, what a save still needs, and a way back to each step. */
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
