// Every query's key, made here so the hooks that read and the table that invalidates agree.
// A key starts with the area and the profile; invalidating a prefix refetches everything under it.

export const firewallKeys = {
  all: (profileId: string) => ['firewall', profileId] as const,
  /** A cached resource main syncs; `cacheChanged{resource}` invalidates it. */
  cached: (profileId: string, resource: 'alerts' | 'blocklist') => ['firewall', profileId, resource] as const,
  allowlist: (profileId: string) => ['firewall', profileId, 'allowlist'] as const,
  domainRules: (profileId: string) => ['firewall', profileId, 'domainRules'] as const,
  /** The appliance's detail: asked once and kept; a write updates it from its own answer. */
  alert: (profileId: string, alertId: string) => [...firewallKeys.alertDetails(profileId), alertId] as const,
  alertDetails: (profileId: string) => ['firewall', profileId, 'alert'] as const,
  /** Alerts read out of the cache for a view (a block's origin); they follow the alerts' cache. */
  alertsWhere: (profileId: string, what: unknown) => ['firewall', profileId, 'alerts', 'where', what] as const,
  syncSettings: (profileId: string) => ['firewall', profileId, 'syncSettings'] as const,
  webhook: (profileId: string) => ['firewall', profileId, 'webhook'] as const,
  admin: (profileId: string, list: string, ...rest: unknown[]) => ['firewall', profileId, 'admin', list, ...rest] as const,
  /** The analyst's protected ranges: one setting for every firewall connection, not a profile's. */
  protectedRanges: () => ['firewallProtectedRanges'] as const,
  /** What blocking an address on an appliance would be: it depends on every connection's address, so a profile change makes all of them stale. */
  blockCautions: (profileId: string, ip: string) => [...firewallKeys.everyBlockCaution(), profileId, ip] as const,
  everyBlockCaution: () => ['firewallBlockCautions'] as const,
  /** Where each background sync stands; `syncChanged` carries each new status. */
  syncStatus: (profileId: string) => ['firewall', profileId, 'syncStatus'] as const,
  /** What the appliance and key allow, as main learned it; `capabilitiesChanged` carries it anew. */
  capabilities: (profileId: string) => ['firewall', profileId, 'capabilities'] as const,
  /** The status poller's readings; each `statusSampled` adds one. */
  statusHistory: (profileId: string) => ['firewall', profileId, 'statusHistory'] as const,
  /** What main kept of the appliance's alerts view: its named filters and the analyst's last look. */
  alertView: (profileId: string) => ['firewall', profileId, 'alertView'] as const,
};

export const supportKeys = {
  all: (profileId: string) => ['support', profileId] as const,
  /** A cached resource; its change event invalidates it and every record of it. */
  cached: (profileId: string, resource: 'tickets' | 'contacts' | 'work') => ['support', profileId, resource] as const,
  record: (profileId: string, resource: 'tickets' | 'contacts' | 'work', id: string) => ['support', profileId, resource, 'record', id] as const,
  remote: (profileId: string, what: string, ...rest: unknown[]) => ['support', profileId, 'remote', what, ...rest] as const,
  syncStatus: (profileId: string) => ['support', profileId, 'syncStatus'] as const,
  /** A ticket's contact: under the contacts' key, so a contacts change asks again (a tickets change too: invalidations.ts). */
  ticketContact: (profileId: string, ticketId: string) => [...supportKeys.ticketContacts(profileId), ticketId] as const,
  ticketContacts: (profileId: string) => ['support', profileId, 'contacts', 'ofTicket'] as const,
  /** A contact's tickets: under the tickets' key. */
  contactTickets: (profileId: string, contactId: string) => ['support', profileId, 'tickets', 'ofContact', contactId] as const,
  /** What /meta says of the profile's key; read again when a profile is saved (a new key may hold other scopes). */
  access: (profileId: string) => ['support', profileId, 'access'] as const,
  /** The local webhook receiver's settings and live status: the window's one receiver, no profile's. */
  webhookReceiver: () => ['supportWebhookReceiver'] as const,
};

/** The reply box's own data in main: canned replies (all, or those a profile offers). */
export const replyKeys = {
  all: () => ['replies'] as const,
  canned: (profileId: string | null) => ['replies', 'canned', profileId] as const,
};

/** The activity log is the window's own record, not a profile's: its keys start with the area alone. */
export const activityKeys = {
  all: () => ['activity'] as const,
  list: () => ['activity', 'list'] as const,
  history: (target: unknown) => ['activity', 'history', target] as const,
  actions: () => ['activity', 'actions'] as const,
  settings: () => ['activity', 'settings'] as const,
};

export const meaningKeys = {
  status: () => ['meaning', 'status'] as const,
  /** The items like one item; a new status (an index grown or complete) makes every such list stale. */
  similar: (kind: string, profileId: string, id: string) => ['meaning', 'similar', kind, profileId, id] as const,
  everySimilar: () => ['meaning', 'similar'] as const,
};

export const assistantKeys = {
  settings: () => ['assistant', 'settings'] as const,
  /** A triage conversation's link to its alerts and the verdict read from its answer; an answer's end changes it. */
  triage: (conversationId: string) => ['assistant', 'triage', conversationId] as const,
  /** The triage conversations about one alert; a triage's change makes every such list stale. */
  triagesOf: (profileId: string, alertId: string) => [...assistantKeys.everyTriagesOf(), profileId, alertId] as const,
  everyTriagesOf: () => ['assistant', 'triagesOf'] as const,
};

export const gatewayKeys = {
  /** Every search of the conversation list; `conversationsChanged` makes them all stale. */
  conversations: () => ['gateway', 'conversations'] as const,
  conversationList: (query: string) => [...gatewayKeys.conversations(), query] as const,
  /** One conversation: its settings and latest messages. */
  conversation: (id: string) => [...gatewayKeys.everyConversation(), id] as const,
  everyConversation: () => ['gateway', 'conversation'] as const,
  /** The earlier messages a view of a conversation has read; a write that changes them makes them stale. */
  messages: (conversationId: string) => ['gateway', 'messages', conversationId] as const,
  callLog: () => ['gateway', 'callLog'] as const,
  /** The models a profile's key may use; read again whenever a profile changes (its address, key or trust). */
  models: (profileId: string) => ['gateway', 'models', profileId] as const,
  everyModelList: () => ['gateway', 'models'] as const,
  layout: () => ['gateway', 'layout'] as const,
  remote: (profileId: string, what: string, ...rest: unknown[]) => ['gateway', profileId, what, ...rest] as const,
};

export const searchKeys = {
  /** The palette's search: main's cache changes under it, so an answer is asked again each time the palette opens. */
  query: (text: string) => ['search', 'query', text] as const,
  /** The same text searched by words and meaning: asked after the words' answer, which stays on screen meanwhile. */
  hybrid: (text: string) => ['search', 'hybrid', text] as const,
  recentActions: () => ['search', 'recentActions'] as const,
};

export const addressKeys = {
  /** Every address card: any cache they read from changed. */
  all: () => ['address'] as const,
  card: (address: string) => ['address', 'card', address] as const,
  mentions: (address: string) => ['address', 'mentions', address] as const,
  /** The work items made from one alert; they follow the outbox writes that create them. */
  alertWork: (profileId: string, alertId: string) => ['address', 'alertWork', profileId, alertId] as const,
  /** The alerts a work item was made from: under alertWork, so the same writes refresh them. */
  workAlerts: (profileId: string, workId: string) => ['address', 'alertWork', 'byWork', profileId, workId] as const,
};

/** Cases are the window's own records, not a profile's; `cases.changed` says which went stale (data/invalidations.ts). */
export const caseKeys = {
  all: () => ['cases'] as const,
  list: () => ['cases', 'list'] as const,
  tags: () => ['cases', 'tags'] as const,
  detail: (caseId: string) => ['cases', 'detail', caseId] as const,
  items: (caseId: string, kind: string | null) => ['cases', 'items', caseId, kind] as const,
  ofItem: (ref: unknown) => ['cases', 'ofItem', ref] as const,
  notes: (caseId: string, eventId: string | null) => ['cases', 'notes', caseId, eventId] as const,
  /** What a timeline reads: every cache its items live in, so any of them changing makes it stale. */
  timelines: () => ['cases', 'timeline'] as const,
  timeline: (caseId: string) => ['cases', 'timeline', caseId] as const,
  brief: (caseId: string) => ['cases', 'timeline', caseId, 'brief'] as const,
  /** Read from the timeline, so stale whenever it is. */
  observables: (caseId: string, kind: string | null, text: string) => ['cases', 'timeline', caseId, 'observables', kind, text] as const,
};

export const profileKeys = {
  /** The connections and the keychain's state; `profiles.changed` carries the new list. */
  list: () => ['profiles', 'list'] as const,
  /** Main's state of every connection, by profile; `profiles.healthChanged` carries each change. */
  health: () => ['profiles', 'health'] as const,
  /** Main keeps a connection's health fresh while this is read again in time (a view in sight shows it). */
  watch: (profileId: string) => ['profiles', 'watch', profileId] as const,
  /** The view's own connection test of each profile: the window's, kept until an edit, a removal or a newer test. */
  connectionTests: () => ['profiles', 'connectionTests'] as const,
  /** Which connection each kind of view opened last. */
  lastUsed: () => ['profiles', 'lastUsed'] as const,
  /** Both certificates of a pinned connection whose server changed its own: read afresh each time it is asked. */
  certificateChange: (profileId: string) => ['profiles', profileId, 'certificateChange'] as const,
  /** What the cache holds of a connection, as its removal counts it: read afresh each time the removal is asked. */
  cachedData: (profileId: string) => ['profiles', profileId, 'cachedData'] as const,
};

/** What main reports about itself (Settings → About). */
export const appKeys = {
  diagnostics: (includeProfileHosts: boolean) => ['app', 'diagnostics', includeProfileHosts] as const,
};

/** Settings → Data on this computer. */
export const localDataKeys = {
  retention: () => ['localData', 'retention'] as const,
};

/** The outbox is main's, across profiles: `outbox.changed` carries each write as it changes. */
export const outboxKeys = {
  /** Every write this window has seen, by id: the pending ones read from main, those a view made or asked about, and every change since. */
  writes: () => ['outbox', 'writes'] as const,
  /** The read of the writes not yet sent or given up, which the record above starts from. */
  pending: () => ['outbox', 'pending'] as const,
  /** One write read from main, for a view that shows it before this window saw it. */
  write: (id: string) => ['outbox', 'write', id] as const,
  /** The window's actions on its writes (retry, discard): the panel says when the last one failed. */
  actions: () => ['outbox', 'action'] as const,
};

/** The notification center: `notifications.changed` carries its new entries and count. */
export const notificationKeys = {
  all: () => ['notifications'] as const,
  center: () => ['notifications', 'center'] as const,
  settings: () => ['notifications', 'settings'] as const,
};
