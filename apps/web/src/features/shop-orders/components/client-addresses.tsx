import type { AddressKind, AddressSiteOption, ShopAddress } from '@inspecta/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconArchive,
  IconArchiveOff,
  IconBuildingFactory2,
  IconMapPin,
  IconPencil,
  IconPlus,
  IconStar,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { RowActionsMenu } from '@/components/ui/row-actions-menu';
import { sitePaths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useAddressFromSite } from '../api/address-from-site';
import { useArchiveAddress } from '../api/archive-address';
import { useAddresses } from '../api/get-addresses';
import { useRestoreAddress } from '../api/restore-address';
import { useUpdateAddress } from '../api/update-address';
import { addressLines } from '../lib/address';
import { AddressFormDrawer } from './address-form-drawer';
import classes from './shop-orders.module.css';

function showError(title: string, error: unknown) {
  notifications.show({
    color: 'red',
    title,
    message: isApiError(error) ? error.message : 'Please try again.',
  });
}

function AddressCard({
  address,
  onEdit,
  onDefault,
  onArchive,
  onRestore,
}: {
  address: ShopAddress;
  onEdit: () => void;
  onDefault: () => void;
  onArchive: () => void;
  onRestore: () => void;
}) {
  const archived = address.status === 'archived';
  return (
    <Paper withBorder p="sm" bg={archived ? 'gray.0' : 'white'} data-testid="address-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={650} size="sm" data-testid="address-label">
              {address.label}
            </Text>
            {address.isDefault ? (
              <Badge size="sm" radius="sm" variant="light" color="brand" c="brand.8">
                Default
              </Badge>
            ) : null}
            {archived ? (
              <Badge size="sm" radius="sm" variant="light" color="gray" c="#495057">
                Archived
              </Badge>
            ) : null}
          </Group>
          <address className={classes.address}>
            {addressLines(address).map((line) => (
              <div key={line}>{line}</div>
            ))}
          </address>
          {address.contactName || address.phone ? (
            <Text size="xs" c="dimmed">
              {[address.contactName, address.phone].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
          {address.gstin ? (
            <Text size="xs">
              GSTIN{' '}
              <Text span ff="monospace" size="xs" fw={600} data-testid="address-gstin">
                {address.gstin}
              </Text>
            </Text>
          ) : null}
          {address.siteId ? (
            <Anchor component={Link} to={sitePaths.details(address.siteId)} size="xs">
              Site {address.siteCode ?? address.siteId}
            </Anchor>
          ) : null}
        </Stack>
        <RowActionsMenu label={`Actions for ${address.label}`}>
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={onEdit}>
            Edit
          </Menu.Item>
          {!archived && !address.isDefault ? (
            <Menu.Item leftSection={<IconStar size={16} aria-hidden="true" />} onClick={onDefault}>
              Make default
            </Menu.Item>
          ) : null}
          {archived ? (
            <Menu.Item leftSection={<IconArchiveOff size={16} aria-hidden="true" />} onClick={onRestore}>
              Restore
            </Menu.Item>
          ) : (
            <Menu.Item leftSection={<IconArchive size={16} aria-hidden="true" />} onClick={onArchive}>
              Archive
            </Menu.Item>
          )}
        </RowActionsMenu>
      </Group>
    </Paper>
  );
}

function SiteOption({ site, clientId }: { site: AddressSiteOption; clientId: number }) {
  const fromSite = useAddressFromSite();
  const use = async () => {
    try {
      const result = await fromSite.mutateAsync({ clientId, siteId: site.siteId });
      notifications.show({ color: 'teal', title: 'Shipping address added', message: result.address.label });
    } catch (error) {
      showError('Could not use the site', error);
    }
  };
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="site-option">
      <Text size="sm" style={{ minWidth: 0 }}>
        <Text span fw={600}>
          {site.name}
        </Text>{' '}
        <Text span size="xs" c="dimmed">
          {site.siteCode}
          {site.city ? ` · ${site.city}` : ''}
          {site.state ? `, ${site.state}` : ''}
        </Text>
      </Text>
      {site.usable ? (
        <Button size="compact-sm" variant="light" onClick={() => void use()} loading={fromSite.isPending}>
          Use as shipping address
        </Button>
      ) : (
        <Text size="xs" c="dimmed">
          Its address is incomplete: complete the site first
        </Text>
      )}
    </Group>
  );
}

interface ClientAddressesProps {
  clientId: number;
  /** A heading level that fits where the list is shown (3 in a drawer). */
  headingOrder?: 2 | 3 | 4;
}

/**
 * A client's billing and shipping addresses (User Management's client drawer, the new-order wizard):
 * default badge, GSTIN, the site a shipping address came from; add, edit, make default, archive and
 * restore; the client's sites that are not yet shipping addresses can become one.
 */
export function ClientAddresses({ clientId, headingOrder = 3 }: ClientAddressesProps) {
  const query = useAddresses(clientId);
  const update = useUpdateAddress();
  const archive = useArchiveAddress();
  const restore = useRestoreAddress();
  const [showArchived, setShowArchived] = useState(false);
  const [form, setForm] = useState<{ address: ShopAddress | null; kind: AddressKind } | null>(null);

  const addresses = query.data?.addresses ?? [];
  const archivedCount = addresses.filter((a) => a.status === 'archived').length;
  const visible = addresses.filter((a) => showArchived || a.status === 'active');
  const freeSites = (query.data?.sites ?? []).filter((site) => site.addressId === null);

  const run = async (action: () => Promise<{ message: string }>, failTitle: string) => {
    try {
      const result = await action();
      notifications.show({ color: 'teal', message: result.message });
    } catch (error) {
      showError(failTitle, error);
    }
  };

  const section = (kind: AddressKind, title: string) => {
    const list = visible.filter((a) => a.kind === kind);
    return (
      <Stack gap="xs" data-testid={`${kind}-addresses`}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {title}
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            onClick={() => setForm({ address: null, kind })}
          >
            Add {kind} address
          </Button>
        </Group>
        {list.length ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {list.map((address) => (
              <AddressCard
                key={address.id}
                address={address}
                onEdit={() => setForm({ address, kind: address.kind })}
                onDefault={() =>
                  void run(
                    () => update.mutateAsync({ clientId, addressId: address.id, body: { isDefault: true } }),
                    'Could not make it the default',
                  )
                }
                onArchive={() =>
                  void run(
                    () => archive.mutateAsync({ clientId, addressId: address.id }),
                    'Could not archive',
                  )
                }
                onRestore={() =>
                  void run(
                    () => restore.mutateAsync({ clientId, addressId: address.id }),
                    'Could not restore',
                  )
                }
              />
            ))}
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            No {kind} address yet.
          </Text>
        )}
      </Stack>
    );
  };

  return (
    <Stack gap="md" data-testid="client-addresses">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6}>
          <IconMapPin size={18} aria-hidden="true" />
          <Title order={headingOrder} fz="md">
            Addresses
          </Title>
        </Group>
        {archivedCount > 0 ? (
          <Switch
            size="sm"
            label={`Show archived (${archivedCount})`}
            checked={showArchived}
            onChange={(event) => setShowArchived(event.currentTarget.checked)}
          />
        ) : null}
      </Group>
      {query.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={90} />
          <Skeleton height={90} />
        </Stack>
      ) : query.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
          <Group gap="sm" justify="space-between">
            <span>
              {isApiError(query.error) ? query.error.message : 'The addresses could not be loaded.'}
            </span>
            <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : (
        <>
          {section('billing', 'Billing')}
          {section('shipping', 'Shipping')}
          {freeSites.length ? (
            <Stack gap="xs" data-testid="site-options">
              <Group gap={6}>
                <IconBuildingFactory2 size={16} aria-hidden="true" />
                <Text fw={600} size="sm">
                  Sites not yet used as shipping addresses
                </Text>
              </Group>
              {freeSites.map((site) => (
                <SiteOption key={site.siteId} site={site} clientId={clientId} />
              ))}
            </Stack>
          ) : null}
        </>
      )}
      <AddressFormDrawer
        clientId={clientId}
        opened={form !== null}
        onClose={() => setForm(null)}
        address={form?.address ?? null}
        kind={form?.kind ?? 'shipping'}
      />
    </Stack>
  );
}
