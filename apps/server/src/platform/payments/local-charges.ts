import { randomBytes } from 'node:crypto';
import type { ProviderCharge, ProviderDispute } from './billing-provider';
import type { LocalBillingStore, LocalCharge, LocalDispute } from './local-billing-store';

const CHARGE_PREFIX = 'ch_local_';

/** A TEST MODE action the charge's state does not allow (more than is left to refund, a dispute already closed). */
export class LocalChargeRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalChargeRefusal';
  }
}

/**
 * The local provider's payments: a charge for every payment above zero, and the TEST MODE
 * actions Stripe's dashboard and the card networks would take on it (refund, dispute, the
 * bank's decision), each reported through the event Stripe sends for it.
 */
export function createLocalCharges(options: {
  store: LocalBillingStore;
  now: () => Promise<Date>;
  emit: (type: string, objectId: string) => Promise<void>;
}) {
  const { store } = options;

  async function toProviderCharge(charge: LocalCharge): Promise<ProviderCharge> {
    const dispute = charge.disputeId ? await store.get('dispute', charge.disputeId) : null;
    return {
      id: charge.id,
      customerId: charge.customerId,
      amountCents: charge.amountCents,
      amountRefundedCents: charge.amountRefundedCents,
      // TEST MODE refunds are immediate and never fail.
      refundFailedCents: 0,
      invoiceId: charge.invoiceId,
      checkoutSessionId: charge.checkoutSessionId,
      dispute: dispute ? { id: dispute.id, status: dispute.status } : null,
    };
  }

  return {
    async record(payment: {
      customerId: string;
      amountCents: number;
      invoiceId: string | null;
      checkoutSessionId: string | null;
    }) {
      if (payment.amountCents <= 0) return;
      const charge: LocalCharge = {
        id: `${CHARGE_PREFIX}${randomBytes(12).toString('hex')}`,
        ...payment,
        amountRefundedCents: 0,
        disputeId: null,
        createdAt: (await options.now()).toISOString(),
      };
      await store.put('charge', charge, payment.customerId);
    },

    async retrieveCharge(id: string): Promise<ProviderCharge | null> {
      const charge = await store.get('charge', id);
      return charge ? toProviderCharge(charge) : null;
    },

    async retrieveDispute(id: string): Promise<ProviderDispute | null> {
      const dispute = await store.get('dispute', id);
      return dispute ? { id: dispute.id, chargeId: dispute.chargeId, status: dispute.status } : null;
    },

    /** Newest first. */
    async list(): Promise<LocalCharge[]> {
      const charges = await store.list('charge');
      return charges.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },

    /** Refunds `amountCents` (all that is left when omitted); null for an unknown charge. */
    async refund(chargeId: string, amountCents: number | undefined): Promise<LocalCharge | null> {
      const charge = await store.get('charge', chargeId);
      if (!charge) return null;
      const left = charge.amountCents - charge.amountRefundedCents;
      const amount = amountCents ?? left;
      if (charge.disputeId) throw new LocalChargeRefusal('A disputed charge cannot be refunded.');
      if (left <= 0) throw new LocalChargeRefusal('This charge is already refunded in full.');
      if (amount > left) throw new LocalChargeRefusal(`Only ${left} cents are left to refund on this charge.`);
      const refunded: LocalCharge = { ...charge, amountRefundedCents: charge.amountRefundedCents + amount };
      // Two refunds at once: only the one that read the current amount applies.
      if (!(await store.replaceIf('charge', refunded, 'amountRefundedCents', String(charge.amountRefundedCents))))
        throw new LocalChargeRefusal('The charge changed meanwhile. Try again.');
      await options.emit('charge.refunded', charge.id);
      return refunded;
    },

    /** The cardholder disputes the charge; null for an unknown charge. */
    async openDispute(chargeId: string): Promise<LocalDispute | null> {
      const charge = await store.get('charge', chargeId);
      if (!charge) return null;
      if (charge.amountRefundedCents >= charge.amountCents)
        throw new LocalChargeRefusal('A charge refunded in full cannot be disputed.');
      // One dispute per charge: its id is derived from the charge's, so a second one collides.
      const dispute: LocalDispute = {
        id: `du_local_${charge.id.slice(CHARGE_PREFIX.length)}`,
        chargeId: charge.id,
        status: 'open',
        createdAt: (await options.now()).toISOString(),
      };
      if (!(await store.putIfAbsent('dispute', dispute, charge.customerId)))
        throw new LocalChargeRefusal('This charge is already disputed.');
      const current = (await store.get('charge', charge.id)) ?? charge;
      await store.put('charge', { ...current, disputeId: dispute.id }, charge.customerId);
      await options.emit('charge.dispute.created', dispute.id);
      return dispute;
    },

    /** The bank's decision; null for an unknown dispute. */
    async closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<LocalDispute | null> {
      const dispute = await store.get('dispute', disputeId);
      if (!dispute) return null;
      const closed: LocalDispute = { ...dispute, status: outcome };
      if (!(await store.replaceIf('dispute', closed, 'status', 'open')))
        throw new LocalChargeRefusal('This dispute is already closed.');
      await options.emit('charge.dispute.closed', dispute.id);
      return closed;
    },
  };
}

export type LocalCharges = ReturnType<typeof createLocalCharges>;
