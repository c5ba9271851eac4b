import { Alert, Anchor, Button, Group, Paper, Progress, Skeleton, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { paths, shopOrderPath } from '@/config/paths';
import { formatMoney } from '@/features/shop-catalogue';
import { ClientSelect } from '@/features/sites';
import { useUrlParams } from '@/hooks/use-url-params';
import { isApiError } from '@/lib/api-client';
import { positiveId } from '@/utils/positive-id';
import { useCart } from '../api/get-cart';
import { usePlaceOrder } from '../api/place-order';
import { CartStep } from './cart-step';
import { ClientAddresses } from './client-addresses';
import { ActionError } from './order-dialogs';
import { ReviewStep } from './review-step';
import { SplitStep } from './split-step';

const STEPS = ['client', 'cart', 'addresses', 'review'] as const;
type Step = (typeof STEPS)[number];
const KEYS = ['client_id', 'step', 'product_ids'] as const;
const STEP_LABELS: Record<Step, string> = {
  client: 'Client',
  cart: 'Cart',
  addresses: 'Addresses',
  review: 'Review',
};

/**
 * Screen /dashboard/shop/orders/new (`?client_id=` picks the client): pick client → cart → split the
 * lines over shipping addresses → review → place. The cart is the server's, so a reload (the client
 * and the step are in the address) resumes it.
 */
export function NewOrderWizard() {
  const { values, update } = useUrlParams(KEYS);
  const navigate = useNavigate();
  const clientId = positiveId(values.client_id) ?? null;
  // A corrective action's "Order parts" names the parts that fit the failed unit (`?product_ids=1,2`).
  const suggestedProductIds = (values.product_ids ?? '')
    .split(',')
    .map((id) => positiveId(id))
    .filter((id): id is number => id !== undefined)
    .slice(0, 20);
  const requested = (STEPS as readonly string[]).includes(values.step) ? (values.step as Step) : null;
  const step: Step = clientId === null ? 'client' : (requested ?? 'cart');
  const active = STEPS.indexOf(step);
  const cartQuery = useCart(clientId);
  const cart = cartQuery.data?.cart;
  const place = usePlaceOrder();
  const [placeError, setPlaceError] = useState<unknown>(null);
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;

  const go = (next: Step) => {
    setPlaceError(null);
    update({ step: next === 'cart' ? null : next }, { keepPage: true });
    window.scrollTo({ top: 0 });
  };

  const placeOrder = async () => {
    if (!cart || clientId === null) return;
    setPlaceError(null);
    try {
      const result = await place.mutateAsync({
        clientId,
        body: { expectedTotalPaise: cart.totals.totalPaise },
      });
      await navigate(shopOrderPath(result.order.id));
    } catch (error) {
      setPlaceError(error);
    }
  };

  const cartFailed = cartQuery.isError ? (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden="true" />}
      title="The cart could not be loaded"
    >
      <Text size="sm">{isApiError(cartQuery.error) ? cartQuery.error.message : 'Please try again.'}</Text>
      <Button size="xs" variant="white" color="red" mt="xs" onClick={() => void cartQuery.refetch()}>
        Try again
      </Button>
    </Alert>
  ) : null;

  const hasLines = (cart?.lines.length ?? 0) > 0;
  const unallocated = cart?.lines.reduce((sum, line) => sum + line.unallocated, 0) ?? 0;
  const cartBlocked =
    cart?.lines.some((line) => line.problems.some((p) => p.code !== 'unallocated')) ?? false;

  return (
    <>
      <Anchor
        component={Link}
        to={paths.shopOrders}
        size="sm"
        mb="xs"
        display="inline-flex"
        style={{ gap: 4, alignItems: 'center' }}
      >
        <IconArrowLeft size={14} aria-hidden="true" />
        Orders
      </Anchor>
      <PageHeader
        title="New order"
        description={
          cart ? (
            <span data-testid="wizard-client">
              For {cart.client.company ? `${cart.client.company} (${cart.client.name})` : cart.client.name}
            </span>
          ) : (
            'Take an order for a client: their cart is kept on the server until it is placed.'
          )
        }
      />

      {narrow ? (
        // A phone has no room for four labelled steps: the step's name and how far along it is.
        <Stack gap={6} mb="lg" data-testid="wizard-progress">
          <Text size="sm" fw={600}>
            Step {active + 1} of {STEPS.length}: {STEP_LABELS[step]}
          </Text>
          <Progress value={((active + 1) / STEPS.length) * 100} size="sm" aria-label="Order steps done" />
        </Stack>
      ) : (
        <Stepper
          active={active}
          onStepClick={(index) => {
            const target = STEPS[index];
            if (target === 'client') update({ client_id: null, step: null });
            else if (target) go(target);
          }}
          allowNextStepsSelect={false}
          size="sm"
          mb="lg"
        >
          <Stepper.Step label="Client" description={'Who orders'} />
          <Stepper.Step label="Cart" description={'Products and quantities'} />
          <Stepper.Step label="Addresses" description={'Where each unit goes'} />
          <Stepper.Step label="Review" description={'Tax, billing, place'} />
        </Stepper>
      )}

      {step === 'client' ? (
        <Paper withBorder bg="white" p="md">
          <ClientSelect
            label="Client"
            placeholder="Search clients by name, company or email"
            value={null}
            onChange={(value) => {
              if (value) update({ client_id: value, step: null });
            }}
            activeOnly
            data-autofocus
            maw={520}
          />
        </Paper>
      ) : cartFailed ? (
        cartFailed
      ) : !cart ? (
        <Stack gap="md" aria-busy="true" data-testid="cart-loading">
          <Skeleton height={80} />
          <Skeleton height={160} />
        </Stack>
      ) : (
        <Stack gap="md">
          {step === 'cart' ? (
            <>
              <CartStep cart={cart} suggestedProductIds={suggestedProductIds} />
              <Paper withBorder bg="white" p="md">
                <ClientAddresses clientId={cart.clientId} headingOrder={2} />
              </Paper>
            </>
          ) : null}
          {step === 'addresses' ? <SplitStep cart={cart} /> : null}
          {step === 'review' ? <ReviewStep cart={cart} /> : null}
          {placeError ? <ActionError error={placeError} testId="place-error" /> : null}

          <Group justify="space-between" gap="sm" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
              onClick={() =>
                step === 'cart' ? update({ client_id: null, step: null }) : go(STEPS[active - 1]!)
              }
            >
              {step === 'cart' ? 'Another client' : 'Back'}
            </Button>
            {step === 'cart' ? (
              <Button
                rightSection={<IconArrowRight size={16} aria-hidden="true" />}
                onClick={() => go('addresses')}
                disabled={!hasLines || cartBlocked}
                title={cartBlocked ? 'Fix the flagged lines first' : undefined}
              >
                Next: addresses
              </Button>
            ) : null}
            {step === 'addresses' ? (
              <Button
                rightSection={<IconArrowRight size={16} aria-hidden="true" />}
                onClick={() => go('review')}
                disabled={!hasLines || unallocated > 0}
              >
                Next: review
              </Button>
            ) : null}
            {step === 'review' ? (
              <Button
                leftSection={<IconCheck size={16} aria-hidden="true" />}
                onClick={() => void placeOrder()}
                disabled={!cart.readyToPlace}
                loading={place.isPending}
                data-testid="place-order"
              >
                Place order · {formatMoney(cart.totals.totalPaise, cart.currency)}
              </Button>
            ) : null}
          </Group>
        </Stack>
      )}
    </>
  );
}
