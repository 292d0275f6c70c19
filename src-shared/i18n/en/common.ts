// The words every view shares: the app's name for its back ends and views, a view's crash panel, the LIVE badge, a feature that is not set up.
export const commonWords = {
  app: {
    loading: 'Opening OpsDesk…',
  },
  services: {
    gateway: { title: 'Model gateway', noun: 'model gateway', subject: 'The model gateway' },
    support: { title: 'Customer support', noun: 'customer support', subject: 'The support API' },
    firewall: { title: 'Firewall appliance', noun: 'firewall appliance', subject: 'The firewall' },
  },
  views: {
    firewall: { title: 'Firewall', summary: 'Alerts, block list and appliance status' },
    support: { title: 'Support', summary: 'Tickets, contacts, work items, knowledge base, Q&A, webhooks and analytics' },
    chat: { title: 'Chat', summary: 'Ask a model through the gateway' },
    settings: { title: 'Settings', summary: 'Connections, keys and certificates' },
    alert: { title: 'Alert', titleWithId: 'Alert {{alertId}}', summary: 'One firewall alert' },
    conversation: { title: 'Conversation', summary: 'One conversation with a model' },
    ticket: { title: 'Ticket', titleWithId: 'Ticket {{ticketId}}', summary: 'One support ticket' },
    block: { title: 'Block', titleWithId: 'Block {{entryId}}', summary: 'One block-list entry' },
    activity: { title: 'Activity', summary: 'What was done through OpsDesk: blocks, writes, model requests, exports' },
    address: { title: 'Address', titleWithAddress: '{{address}}', summary: 'Everything cached about one IP address or range' },
    cases: { title: 'Cases', summary: 'Incidents: their alerts, tickets, conversations and actions on one timeline' },
    case: { title: 'Case', summary: 'One case and its timeline' },
  },
  viewError: {
    heading: 'The {{view}} view stopped working',
    unexpected: 'An unexpected error occurred.',
    othersUnaffected: 'Other tabs are not affected. Reloading the view tries again; no saved data is lost.',
    reload: 'Reload view',
  },
  live: {
    badge: 'LIVE',
    tooltip: 'This connection uses a live key: changes affect real customers.',
  },
  notConfigured: {
    openSettings: 'Open Settings',
  },
  firstStart: {
    title: 'Welcome to OpsDesk',
    intro: 'OpsDesk joins three systems in one console. Add the first connection to begin: its address and key, then OpsDesk tests it.',
    gives: {
      firewall: 'Its alerts, its block list and the appliance’s state: block or allow an address from an alert.',
      support: 'The support site’s tickets, contacts, work items and knowledge base: read and reply from here.',
      gateway: 'A language model to chat with, and its help in triaging alerts and drafting replies.',
    },
    add: 'Add a {{service}} connection',
    later: 'The others can be added later here or in Settings.',
  },
  features: {
    chat: {
      needs: 'Add a model gateway connection (address and API key) in Settings.',
    },
    firewall: {
      needs: 'Add a firewall appliance connection (address, API key and its certificate) in Settings.',
      cacheTitle: 'Alerts and block list',
      cacheExplanation:
        "OpsDesk does not keep the appliance's alerts or block list yet; once it does, they show here even while the appliance is offline.",
    },
    alert: {
      needs: 'The firewall connection this alert came from was removed. Add the appliance again in Settings to see the alert.',
      cacheTitle: 'Alert details',
      cacheExplanation:
        "OpsDesk does not keep firewall alerts yet; once it does, this alert's details show here even while the appliance is offline.",
    },
    support: {
      needs: 'Add a customer-support connection: its address and application key (the connection test finds the site).',
    },
  },
  dialog: {
    close: 'Close',
  },
  errorNotice: {
    status: 'HTTP {{status}}',
    request: 'request {{id}}',
  },
};

export type CommonWords = typeof commonWords;
