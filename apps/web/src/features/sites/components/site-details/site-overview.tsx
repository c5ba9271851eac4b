import type { SiteDetails } from '@inspecta/contract';
import { Anchor, Badge, Grid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { formatAddress, openStreetMapUrl } from '../../lib/map-link';
import { ContactLine, DetailCard } from './detail-card';

/** The cards above the tabs: address with a map link, client, contacts and notes. */
export function SiteOverview({ site }: { site: SiteDetails }) {
  const address = formatAddress(site);
  const mapUrl = openStreetMapUrl(site);
  return (
    <Grid mb="md" gutter="md">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <DetailCard
          title="Address"
          action={
            mapUrl ? (
              <Anchor
                href={mapUrl}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                data-testid="map-link"
              >
                Map <IconExternalLink size={12} aria-hidden="true" />
                <VisuallyHidden> (opens OpenStreetMap in a new tab)</VisuallyHidden>
              </Anchor>
            ) : null
          }
        >
          {address ? (
            <Stack gap={2}>
              {site.addressLine1 ? <Text size="sm">{site.addressLine1}</Text> : null}
              {site.addressLine2 ? <Text size="sm">{site.addressLine2}</Text> : null}
              <Text size="sm">{[site.city, site.pincode].filter(Boolean).join(' ')}</Text>
              <Text size="sm" c="dimmed">
                {[site.district, site.state, site.country].filter(Boolean).join(', ')}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              No address yet.
            </Text>
          )}
        </DetailCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <DetailCard title="Client">
          {site.client ? (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {site.client.company ?? site.client.name}
              </Text>
              {site.client.company ? <Text size="sm">{site.client.name}</Text> : null}
              <ContactLine phone={site.client.phone} email={site.client.email} />
              {site.client.status !== 'active' ? (
                <Badge color="gray" variant="light" w="fit-content">
                  Client deactivated
                </Badge>
              ) : null}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              No client chosen yet.
            </Text>
          )}
        </DetailCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <DetailCard title="Contacts">
          {site.contactName || site.otherContacts.length ? (
            <Stack gap="sm">
              {site.contactName ? (
                <div>
                  <Text size="sm" fw={600}>
                    {site.contactName}{' '}
                    <Text span size="xs" c="dimmed">
                      Primary
                    </Text>
                  </Text>
                  <ContactLine phone={site.contactPhone} email={site.contactEmail} />
                </div>
              ) : null}
              {site.otherContacts.map((contact) => (
                <div key={`${contact.name}-${contact.phone}-${contact.email}`}>
                  <Text size="sm" fw={600}>
                    {contact.name}{' '}
                    {contact.role ? (
                      <Text span size="xs" c="dimmed">
                        {contact.role}
                      </Text>
                    ) : null}
                  </Text>
                  <ContactLine phone={contact.phone} email={contact.email} />
                </div>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              No contacts yet.
            </Text>
          )}
        </DetailCard>
      </Grid.Col>
      {site.notes ? (
        <Grid.Col span={12}>
          <DetailCard title="Notes">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {site.notes}
            </Text>
          </DetailCard>
        </Grid.Col>
      ) : null}
    </Grid>
  );
}
