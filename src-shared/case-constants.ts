// The words of a case every process uses: the contract's schemas check them, the window lists them.

export const caseStatuses = ['open', 'inProgress', 'resolvedTruePositive', 'resolvedFalsePositive', 'closed'] as const;

export const caseSeverities = ['low', 'medium', 'high', 'critical'] as const;

/** What a case can hold. An address and a conversation belong to no connection; the others to the one they came from. */
export const caseItemKinds = ['alert', 'address', 'ticket', 'contact', 'work', 'conversation', 'block', 'allow'] as const;

/** Where a timeline event comes from, for the kind filter. */
export const timelineEventKinds = ['alert', 'ticket', 'contact', 'work', 'conversation', 'proposal', 'block', 'write', 'note', 'case'] as const;

/** What a case's observables are: the addresses, domains and file hashes its items name. */
export const observableKinds = ['address', 'domain', 'hash'] as const;

/** The hashes an observable can be, told apart by their length in hex. */
export const hashTypes = ['md5', 'sha1', 'sha256'] as const;

/** The most items one call adds (a selection of alerts, all matching a filter): a case of an incident, not of a year. */
export const MAX_CASE_ITEMS_PER_CALL = 10_000;
