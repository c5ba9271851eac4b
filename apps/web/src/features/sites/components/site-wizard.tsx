import type { Site, SiteCreateBody } from '@inspecta/contract';
import { Alert, Button, Group, Paper, Skeleton, Stack, Stepper, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconCheck, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { paths, sitePaths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { focusFirstField } from '@/utils/focus-first-field';
import { useCreateSite } from '../api/create-site';
import { useDiscardSite } from '../api/discard-site';
import { useSiteDetails } from '../api/get-site-details';
import { useSaveSite } from '../api/save-site';
import { useUpdateSite } from '../api/update-site';
import {
  emptySiteForm,
  formToBody,
  REVIEW_STEP,
  SITE_STEPS,
  type SiteFormValues,
  siteToForm,
  stepOfField,
  validateSteps,
} from '../lib/site-form';
import { AddressStep } from './site-form-steps/address-step';
import { ContactsStep } from './site-form-steps/contacts-step';
import { DetailsStep } from './site-form-steps/details-step';
import { ReviewStep } from './site-form-steps/review-step';
import { SiteStatusBadge } from './site-status-badge';
import classes from './sites.module.css';

interface SiteWizardProps {
  /** The site being edited or the draft being completed; null before the draft exists. */
  siteId: number | null;
  mode: 'create' | 'edit';
}

function readStep(params: URLSearchParams, max: number): number {
  const step = Number(params.get('step'));
  if (!Number.isInteger(step) || step < 1) return 0;
  return Math.min(step, max + 1) - 1;
}

function errorToast(title: string, error: unknown) {
  notifications.show({
    color: 'red',
    title,
    message: isApiError(error) ? error.message : 'Something went wrong. Please try again.',
    icon: <IconAlertTriangle size={18} aria-hidden="true" />,
  });
}

/**
 * The multi-step site form (site details → address → contacts → review). The draft is saved on the
 * server whenever the user moves between steps, and the URL carries its id and the step, so a
 * reload resumes where the user was. Editing a saved site uses the same steps.
 */
export function SiteWizard({ siteId, mode }: SiteWizardProps) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const details = useSiteDetails(siteId);
  const createSite = useCreateSite();
  const updateSite = useUpdateSite();
  const saveSite = useSaveSite();
  const discardSite = useDiscardSite();
  const compactStepper = useMediaQuery('(max-width: 61.99em)');

  const [site, setSite] = useState<Site | null>(null);
  const [busy, setBusy] = useState<null | 'step' | 'save' | 'discard'>(null);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [serverProblems, setServerProblems] = useState<
    Array<{ field: string; message: string; step: number }>
  >([]);
  const loadedFor = useRef<number | null>(null);
  const location = useLocation();
  const stepBox = useRef<HTMLElement>(null);
  const focusedFor = useRef<string | null>(null);

  const form = useForm<SiteFormValues>({ mode: 'controlled', initialValues: emptySiteForm() });

  const currentId = site?.id ?? siteId;
  const status = site?.status ?? details.data?.site.status ?? 'draft';
  const isDraft = status === 'draft';
  const existing = currentId !== null;
  // Without a draft only the first step can be shown.
  const step = existing ? readStep(searchParams, REVIEW_STEP) : 0;

  // Fill the form once from the server, when the site arrives.
  useEffect(() => {
    const loaded = details.data?.site;
    if (!loaded || loadedFor.current === loaded.id) return;
    loadedFor.current = loaded.id;
    setSite(loaded);
    form.setValues(siteToForm(loaded));
    form.resetDirty();
  }, [details.data, form]);

  // A saved site reached through the "new" address (e.g. a reload after saving) is edited instead.
  useEffect(() => {
    if (mode === 'create' && details.data && details.data.site.status !== 'draft') {
      navigate(sitePaths.details(details.data.site.id), { replace: true });
    }
  }, [mode, details.data, navigate]);

  // A step change asks for the focus through the history entry's state: the first save of a new
  // site remounts the wizard (its key changes from 'new' to 'draft'), which would lose a ref or state.
  const focusRequest = (location.state as { focusStep?: boolean } | null)?.focusStep ? location.key : null;
  // After every commit, not on [step]: after a remount the step shows only once the draft has loaded.
  useEffect(() => {
    if (!focusRequest || focusedFor.current === focusRequest || !stepBox.current) return;
    focusedFor.current = focusRequest;
    focusFirstField(stepBox.current);
  });

  const setStepInUrl = (next: number, id = currentId) => {
    const params = new URLSearchParams(searchParams);
    if (mode === 'create' && id !== null) params.set('draft', String(id));
    params.set('step', String(next + 1));
    const options = { replace: true, state: { focusStep: true } };
    if (mode === 'create' && id !== null && siteId === null) {
      navigate(`${sitePaths.create}?${params.toString()}`, options);
    } else {
      setSearchParams(params, options);
    }
  };

  const applySaved = (saved: Site) => {
    setSite(saved);
    loadedFor.current = saved.id;
    form.setValues(siteToForm(saved));
    form.resetDirty();
    setSavedAt(new Date());
  };

  const showServerErrors = (error: unknown) => {
    if (isApiError(error) && error.details.length) {
      form.setErrors(error.fieldErrors());
      const first = error.details[0]!;
      const firstStep = stepOfField(first.field);
      if (firstStep !== step && firstStep !== REVIEW_STEP) setStepInUrl(firstStep);
    }
  };

  /** Saves what the form holds; answers the site's id, or null when the server refused. */
  const persist = async (): Promise<number | null> => {
    const values = form.getValues();
    try {
      if (currentId === null) {
        const result = await createSite.mutateAsync(formToBody(values) as SiteCreateBody);
        applySaved(result.site);
        return result.site.id;
      }
      if (!form.isDirty()) return currentId;
      const result = await updateSite.mutateAsync({ id: currentId, body: formToBody(values) });
      applySaved(result.site);
      return currentId;
    } catch (error) {
      showServerErrors(error);
      errorToast(isDraft ? 'The draft was not saved' : 'The changes were not saved', error);
      return null;
    }
  };

  const goTo = async (target: number) => {
    if (target === step || busy) return;
    const errors = validateSteps(form.getValues(), [step], { requireComplete: !isDraft, existing });
    if (Object.keys(errors).length) {
      form.setErrors(errors);
      // Going back keeps the values in the form; going on needs this step right first.
      if (target > step || !existing) return;
      setStepInUrl(target);
      return;
    }
    setBusy('step');
    const id = await persist();
    setBusy(null);
    if (id === null) return;
    setServerProblems([]);
    setStepInUrl(target, id);
  };

  const closeWizard = async () => {
    if (!existing && !form.isDirty()) {
      navigate(paths.siteManagement);
      return;
    }
    const errors = validateSteps(form.getValues(), [step], { requireComplete: !isDraft, existing });
    if (Object.keys(errors).length) {
      form.setErrors(errors);
      return;
    }
    setBusy('step');
    const id = await persist();
    setBusy(null);
    if (id === null) return;
    notifications.show({
      color: 'green',
      message: isDraft ? 'Draft saved. Find it under Drafts to finish it later.' : 'Changes saved',
    });
    navigate(sitePaths.details(id));
  };

  const saveAndActivate = async () => {
    if (currentId === null) return;
    setBusy('save');
    const id = await persist();
    if (id === null) {
      setBusy(null);
      return;
    }
    try {
      const result = await saveSite.mutateAsync(id);
      notifications.show({ color: 'green', title: 'Site saved', message: result.message });
      navigate(sitePaths.details(id));
    } catch (error) {
      if (isApiError(error) && error.details.length) {
        form.setErrors(error.fieldErrors());
        setServerProblems(error.details.map((d) => ({ ...d, step: stepOfField(d.field) })));
      }
      errorToast('The site was not saved', error);
    } finally {
      setBusy(null);
    }
  };

  const confirmDiscard = () => {
    if (currentId === null) return;
    modals.openConfirmModal({
      title: 'Discard this draft?',
      children: (
        <Text size="sm">
          The draft {site?.siteCode ? <strong>{site.siteCode}</strong> : null} and everything entered in it
          will be deleted. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Discard draft', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        setBusy('discard');
        try {
          const result = await discardSite.mutateAsync(currentId);
          notifications.show({ color: 'green', message: result.message });
          navigate(paths.siteManagement);
        } catch (error) {
          errorToast('The draft was not discarded', error);
        } finally {
          setBusy(null);
        }
      },
    });
  };

  if (siteId !== null && site === null && details.isPending) {
    return (
      <>
        <PageHeader title={mode === 'create' ? 'Add a site' : 'Edit site'} />
        <Paper withBorder p="lg" bg="white" aria-busy="true">
          <Stack gap="md">
            <Skeleton height={40} />
            <Skeleton height={36} width="60%" />
            <Skeleton height={36} width="60%" />
            <Skeleton height={80} />
          </Stack>
        </Paper>
      </>
    );
  }

  if (siteId !== null && site === null && details.isError) {
    const missing = isApiError(details.error) && details.error.status === 404;
    return (
      <>
        <PageHeader title={mode === 'create' ? 'Add a site' : 'Edit site'} />
        <Alert
          color="orange"
          variant="light"
          title={missing ? 'This site no longer exists' : 'The site did not load'}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {missing
                ? 'It may have been discarded or deleted by someone else.'
                : 'Check your connection and try again.'}
            </Text>
            <Group gap="sm">
              {missing ? null : (
                <Button size="xs" variant="default" onClick={() => details.refetch()}>
                  Try again
                </Button>
              )}
              <Button size="xs" component={Link} to={paths.siteManagement}>
                Back to Site Management
              </Button>
            </Group>
          </Stack>
        </Alert>
      </>
    );
  }

  const client = site?.client ?? null;
  const title =
    mode === 'create'
      ? 'Add a site'
      : isDraft
        ? `Finish ${site?.name ?? 'the draft'}`
        : `Edit ${site?.name ?? 'site'}`;

  return (
    <>
      <PageHeader
        title={title}
        description={
          <Group gap="xs" component="span">
            {site ? <SiteStatusBadge status={site.status} /> : null}
            {site ? (
              <Text span size="sm" ff="monospace" c="dark.7" data-testid="wizard-site-code">
                {site.siteCode}
              </Text>
            ) : null}
            <Text span size="sm" c="dimmed">
              {isDraft
                ? 'Saved as a draft at every step: you can leave and finish it later.'
                : 'Each step is saved as you move on.'}
            </Text>
          </Group>
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} bg="white">
        <form
          noValidate
          aria-label="Site form"
          onSubmit={(event) => {
            event.preventDefault();
            if (step < REVIEW_STEP) void goTo(step + 1);
          }}
        >
          <Stepper
            active={step}
            onStepClick={(target) => void goTo(target)}
            allowNextStepsSelect={existing}
            size="sm"
            mb="xl"
            className={classes.stepper}
            orientation="horizontal"
            iconSize={compactStepper ? 30 : 36}
          >
            {SITE_STEPS.map((s) => (
              <Stepper.Step
                key={s.key}
                label={s.label}
                description={compactStepper ? undefined : s.description}
                aria-label={`Step ${SITE_STEPS.indexOf(s) + 1}: ${s.label}`}
              />
            ))}
          </Stepper>

          <section
            ref={stepBox}
            data-testid={`wizard-step-${SITE_STEPS[step]!.key}`}
            // The review step has no field: the step itself takes the focus, by its name.
            tabIndex={-1}
            aria-label={`Step ${step + 1}: ${SITE_STEPS[step]!.label}`}
            className={classes.stepBox}
          >
            {step === 0 ? <DetailsStep form={form} existing={existing} client={client} /> : null}
            {step === 1 ? <AddressStep form={form} /> : null}
            {step === 2 ? <ContactsStep form={form} /> : null}
            {step === REVIEW_STEP ? (
              <ReviewStep
                form={form}
                isDraft={isDraft}
                client={client}
                serverProblems={serverProblems}
                onEdit={(target) => void goTo(target)}
              />
            ) : null}
          </section>

          <Group justify="space-between" mt="xl" gap="sm" wrap="wrap">
            <Group gap="sm">
              {step > 0 ? (
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
                  onClick={() => void goTo(step - 1)}
                  disabled={busy !== null}
                >
                  Back
                </Button>
              ) : null}
              {existing && isDraft ? (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden="true" />}
                  onClick={confirmDiscard}
                  loading={busy === 'discard'}
                  disabled={busy !== null && busy !== 'discard'}
                >
                  Discard draft
                </Button>
              ) : null}
            </Group>
            <Group gap="sm">
              {savedAt ? (
                <Text size="xs" c="dimmed" data-testid="wizard-saved" aria-live="polite">
                  {isDraft ? 'Draft saved' : 'Saved'} at{' '}
                  {savedAt.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}
                </Text>
              ) : null}
              {step < REVIEW_STEP ? (
                <>
                  <Button variant="default" onClick={() => void closeWizard()} disabled={busy !== null}>
                    {existing || form.isDirty() ? 'Save and close' : 'Cancel'}
                  </Button>
                  <Button
                    type="submit"
                    rightSection={<IconArrowRight size={16} aria-hidden="true" />}
                    loading={busy === 'step'}
                    disabled={busy !== null && busy !== 'step'}
                  >
                    {SITE_STEPS[step + 1]!.key === 'review' ? 'Save and review' : 'Save and continue'}
                  </Button>
                </>
              ) : isDraft ? (
                <Button
                  leftSection={<IconCheck size={16} aria-hidden="true" />}
                  onClick={() => void saveAndActivate()}
                  loading={busy === 'save'}
                  disabled={busy !== null && busy !== 'save'}
                >
                  Save site
                </Button>
              ) : (
                <Button
                  leftSection={<IconCheck size={16} aria-hidden="true" />}
                  onClick={() => currentId && navigate(sitePaths.details(currentId))}
                >
                  Done
                </Button>
              )}
            </Group>
          </Group>
        </form>
      </Paper>
    </>
  );
}
