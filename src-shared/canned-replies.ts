// Canned replies' variables: what a reply may name ({{visitor.name}}), and how a reply is filled
// in for one ticket. Main refuses a reply naming anything else; the reply box fills and inserts it.

export const cannedReplyVariables = ['visitor.name', 'visitor.first_name', 'visitor.email', 'ticket.id', 'ticket.subject', 'contact.company'] as const;
export type CannedReplyVariable = (typeof cannedReplyVariables)[number];

/** What a ticket knows for the variables; a value it lacks is null. */
export type CannedReplyValues = Record<CannedReplyVariable, string | null>;

const placeholder = /\{\{\s*([A-Za-z_.]+)\s*\}\}/g;

const isVariable = (name: string): name is CannedReplyVariable => (cannedReplyVariables as readonly string[]).includes(name);

/** The names in `{{…}}` a reply uses that are not variables. */
export function unknownVariables(body: string): string[] {
  return [...new Set([...body.matchAll(placeholder)].map((match) => match[1]!).filter((name) => !isVariable(name)))];
}

/**
 * The reply with every variable the ticket knows filled in. A variable it does not know stays as
 * written, `{{visitor.name}}`, and is named in `missing`, so the analyst sees what to fill before sending.
 */
export function fillCannedReply(body: string, values: CannedReplyValues): { text: string; missing: CannedReplyVariable[] } {
  const missing = new Set<CannedReplyVariable>();
  const text = body.replace(placeholder, (written, name: string) => {
    if (!isVariable(name)) return written;
    const value = values[name]?.trim();
    if (value) return value;
    missing.add(name);
    return `{{${name}}}`;
  });
  return { text, missing: [...missing] };
}

/** The variables still unfilled in a text about to be sent. */
export function unfilledVariables(text: string): CannedReplyVariable[] {
  return [...new Set([...text.matchAll(placeholder)].map((match) => match[1]!).filter(isVariable))];
}

/** A ticket's values: the visitor's first name is the name's first word (a name written without spaces is whole). */
export function cannedReplyValues(ticket: { id: string; subject: string | null; visitorName: string | null; visitorEmail: string | null }, company: string | null): CannedReplyValues {
  const name = ticket.visitorName?.trim() || null;
  return {
    'visitor.name': name,
    'visitor.first_name': name?.split(/\s+/)[0] ?? null,
    'visitor.email': ticket.visitorEmail,
    'ticket.id': ticket.id,
    'ticket.subject': ticket.subject,
    'contact.company': company,
  };
}
