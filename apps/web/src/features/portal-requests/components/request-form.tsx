import { INSPECTION_REQUEST_MESSAGE_MAX } from '@inspecta/contract';
import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { DateField } from '@/components/ui/date-field';
import { isApiError } from '@/lib/api-client';
import { todayIso } from '@/lib/dates';
import { useCreatePortalRequest } from '../api/create-request';
import { useRequestOptions } from '../api/get-request-options';
import { REQUEST_UNITS_LIMIT, useSiteUnits } from '../api/get-site-units';
import { emptyRequestForm, type RequestFormValues, validateRequestForm } from '../lib/request-form';

interface RequestFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** A site chosen already (the site page's "Request an inspection"). */
  initialSiteId?: number | null;
}

type Errors = Partial<Record<keyof RequestFormValues, string>>;

/** "Request an inspection": a site, units of it (none = the whole site), a category, a date, a message. */
export function RequestFormModal({ opened, onClose, initialSiteId = null }: RequestFormModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [values, setValues] = useState<RequestFormValues>(emptyRequestForm());
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreatePortalRequest();

  // biome-ignore lint/correctness/useExhaustiveDependencies: fresh each time it opens
  useEffect(() => {
    if (!opened) return;
    setValues(emptyRequestForm(initialSiteId ? String(initialSiteId) : null));
    setErrors({});
    setFormError(null);
  }, [opened]);

  const set = <K extends keyof RequestFormValues>(key: K, value: RequestFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  // ---- pickers
  const [siteSearch, setSiteSearch] = useState('');
  const [siteTerm] = useDebouncedValue(siteSearch, 250);
  // While the box shows the chosen site's label, list everything rather than searching for it.
  const term = siteTerm.includes(' · ') ? '' : siteTerm.trim();
  const options = useRequestOptions(term, { enabled: opened });
  const [knownSites, setKnownSites] = useState<Record<string, string>>({});
  const siteData = useMemo(() => {
    const list = (options.data?.sites ?? []).map((s) => ({
      value: String(s.id),
      label: `${s.siteCode} · ${s.name}`,
    }));
    // Keep the chosen site in the list when a later search leaves it out.
    const chosen = values.siteId;
    if (chosen && !list.some((s) => s.value === chosen) && knownSites[chosen])
      list.unshift({ value: chosen, label: knownSites[chosen] });
    return list;
  }, [options.data, values.siteId, knownSites]);
  useEffect(() => {
    const sites = options.data?.sites;
    if (!sites?.length) return;
    setKnownSites((known) => {
      const next = { ...known };
      for (const s of sites) next[String(s.id)] = `${s.siteCode} · ${s.name}`;
      return next;
    });
  }, [options.data]);
  const categoryData = (options.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  const siteId = values.siteId ? Number(values.siteId) : null;
  const units = useSiteUnits(opened ? siteId : null);
  const unitData = (units.data?.equipments ?? [])
    .filter((u) => u.status !== 'retired')
    .map((u) => ({ value: String(u.id), label: `${u.assetTag} · ${u.name}` }));
  const moreUnits = (units.data?.pagination.total ?? 0) > REQUEST_UNITS_LIMIT;

  const today = todayIso();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const result = validateRequestForm(values, today);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    try {
      const answer = await create.mutateAsync(result.body);
      notifications.show({ color: 'green', message: answer.message });
      onClose();
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.details.length) setErrors(error.fieldErrors());
      setFormError(error.message);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Request an inspection"
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate data-testid="request-form">
        <Stack gap="md">
          {formError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
              {formError}
            </Alert>
          ) : null}
          <Select
            label="Site"
            placeholder="Search by site code or name"
            required
            searchable
            data={siteData}
            value={values.siteId}
            searchValue={siteSearch}
            onSearchChange={setSiteSearch}
            filter={({ options: o }) => o}
            onChange={(value) => {
              setValues((v) => ({ ...v, siteId: value, equipmentIds: [] }));
              setErrors((e) => ({ ...e, siteId: undefined, equipmentIds: undefined }));
            }}
            error={errors.siteId}
            nothingFoundMessage={options.isFetching ? 'Searching…' : 'No site matches'}
            comboboxProps={{ withinPortal: true }}
            data-testid="request-site"
          />
          <MultiSelect
            label="Units"
            description={
              moreUnits
                ? `Leave empty for the whole site. The first ${REQUEST_UNITS_LIMIT} units are listed; type to find one.`
                : 'Leave empty for the whole site'
            }
            placeholder={
              siteId ? (values.equipmentIds.length ? '' : 'The whole site') : 'Choose a site first'
            }
            searchable
            clearable
            disabled={!siteId}
            data={unitData}
            value={values.equipmentIds}
            onChange={(ids) => set('equipmentIds', ids)}
            error={errors.equipmentIds}
            nothingFoundMessage={units.isFetching ? 'Loading…' : 'No units at this site'}
            comboboxProps={{ withinPortal: true }}
            data-testid="request-units"
          />
          <Select
            label="Kind of inspection"
            placeholder="Any"
            clearable
            searchable
            data={categoryData}
            value={values.categoryId}
            onChange={(value) => set('categoryId', value)}
            error={errors.categoryId}
            comboboxProps={{ withinPortal: true }}
            data-testid="request-category"
          />
          <DateField
            label="Preferred date"
            description="Leave empty for any day"
            min={today}
            value={values.preferredDate}
            onChange={(value) => set('preferredDate', value)}
            error={errors.preferredDate}
            data-testid="request-date"
          />
          <Textarea
            label="Message"
            placeholder="What should the inspector know? Access, contacts, what worries you…"
            required
            autosize
            minRows={3}
            maxRows={8}
            maxLength={INSPECTION_REQUEST_MESSAGE_MAX}
            value={values.message}
            onChange={(e) => set('message', e.currentTarget.value)}
            error={errors.message}
            data-testid="request-message-input"
          />
          <Text size="xs" c="dimmed">
            We confirm a date with you once an inspector is scheduled.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="request-submit">
              Send request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
