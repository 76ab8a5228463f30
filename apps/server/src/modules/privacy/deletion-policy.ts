/**
 * What deleting an account does to each column that refers to a user (a foreign key to
 * `users.id`). `delete`: the rows go (only personal data, nothing the law keeps); `scrub`: the rows
 * stay and erasure.ts blanks their personal fields; `keep`: the rows stay as they are, for the
 * reason given, pointing at the pseudonymous user row (retention.ts erases what the law kept once
 * its period is over).
 *
 * deletion.int.test.ts reads every foreign key to users from the database and fails when one is
 * missing here: a module that adds a table referring to users must decide its fate in this list.
 */
export type DeletionRule =
  | { readonly action: 'delete' }
  | { readonly action: 'scrub' }
  | { readonly action: 'keep'; readonly why: string };

const deleteRows: DeletionRule = { action: 'delete' };
const scrub: DeletionRule = { action: 'scrub' };
const keep = (why: string): DeletionRule => ({ action: 'keep', why });

/** Keyed `table.column`. */
export const DELETION_POLICY: Readonly<Record<string, DeletionRule>> = {
  'refresh_token_families.user_id': deleteRows,
  'password_reset_codes.user_id': deleteRows,
  'idempotency_keys.user_id': deleteRows,
  'purchased_artworks.user_id': deleteRows,
  'data_exports.user_id': deleteRows,
  'email_verifications.user_id': deleteRows,
  'totp_factors.user_id': deleteRows,
  'totp_recovery_codes.user_id': deleteRows,
  'passkeys.user_id': deleteRows,
  'webauthn_challenges.user_id': deleteRows,
  'email_change_undos.user_id': deleteRows,
  'account_events.user_id': deleteRows,
  'generation_jobs.user_id': scrub,
  // The browser details go; the billing address stays as VAT evidence (retention.ts).
  'orders.user_id': scrub,
  'support_tickets.user_id': scrub,
  'receipts.user_id': keep(
    'Issued invoices are kept unaltered for the legal retention period (retention.ts).',
  ),
  'credit_notes.user_id': keep(
    'Issued credit notes are invoices too: kept unaltered for the retention period (retention.ts).',
  ),
  'deposits.user_id': scrub,
  'balances.user_id': keep(
    'The balance row must agree with the ledger (the ledger is the source of truth).',
  ),
  'ledger_entries.user_id': keep('Accounting records: every money movement is kept.'),
  'debts.user_id': keep('What the customer still owes after a dispute is a claim the shop keeps.'),
  'payments.user_id': keep('Payment records are accounting records; they hold no personal data.'),
  'gift_cards.buyer_id': keep('A sold gift card stays redeemable and is an accounting record.'),
  'gift_cards.redeemed_by': keep('The redemption is a ledger movement.'),
  'gift_cards.issued_by': keep(
    'Only administrators issue cards, and they cannot delete themselves.',
  ),
  'audit_log.actor_id': keep('Only administrators act in the back office.'),
  'other_currency_reversals.settled_by': keep(
    'Only administrators settle a reversal in another currency, and they cannot delete themselves.',
  ),
  'support_ticket_replies.author_id': keep('Only customer care writes replies.'),
  'support_ticket_events.actor_id': keep('Only customer care changes a ticket.'),
};

/** The `table.column` pairs whose rows are deleted with the account. */
export const DELETED_WITH_ACCOUNT = Object.entries(DELETION_POLICY)
  .filter(([, rule]) => rule.action === 'delete')
  .map(([key]) => {
    const [table = '', column = ''] = key.split('.');
    return { table, column };
  });
