import { useState } from 'react';
import {
  SUPPORT_TICKET_LIMITS,
  SupportTicketTypeSchema,
  type SupportTicketType,
} from '@pictura/contract';
import { ContactForm } from './contact-form';
import { TicketSent } from './ticket-sent';

interface ContactProps {
  /** `topic` and `reference` of the address; anything unknown is ignored. */
  search: URLSearchParams;
}

function initialTopic(search: URLSearchParams): SupportTicketType | undefined {
  const parsed = SupportTicketTypeSchema.safeParse(search.get('topic'));
  return parsed.success ? parsed.data : undefined;
}

/**
 * The contact form, then its result. The result sits in a live region that is always in the page,
 * so screen readers announce it; "Send another message" brings back an empty form.
 */
export function Contact({ search }: ContactProps) {
  const [sent, setSent] = useState<{ ticketNumber: string; email: string } | null>(null);
  const [formKey, setFormKey] = useState(0);
  return (
    <>
      <div role="status">
        {sent ? (
          <TicketSent
            ticketNumber={sent.ticketNumber}
            email={sent.email}
            onAnother={() => {
              setSent(null);
              setFormKey((key) => key + 1);
            }}
          />
        ) : null}
      </div>
      {sent ? null : (
        <ContactForm
          key={formKey}
          focusOnMount={formKey > 0}
          initialTopic={initialTopic(search)}
          initialReference={(search.get('reference') ?? '').slice(
            0,
            SUPPORT_TICKET_LIMITS.referenceMax,
          )}
          onSent={setSent}
        />
      )}
    </>
  );
}
