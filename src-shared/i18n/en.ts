// The English catalog: every word OpsDesk shows, and the words main writes to its log. The keys of
// zh-CN.ts are the same (test/shared/catalogs.test.ts). A key ending in `_<variant>` is an i18next
// context (`{ context: 'variant' }`); `_one`/`_other` are plural forms.
export const en = {
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
    tickets: { title: 'Tickets', summary: 'Customer tickets, contacts and work items' },
    chat: { title: 'Chat', summary: 'Ask a model through the gateway' },
    settings: { title: 'Settings', summary: 'Connections, keys and certificates' },
    alert: { title: 'Alert', titleWithId: 'Alert {{alertId}}', summary: 'One firewall alert' },
  },
  workspace: {
    openViews: 'Open views',
    closeTab: 'Close {{title}}',
    closeTabTooltip: 'Close (Ctrl+W)',
    openView: 'Open a view',
    openViewTooltip: 'Open a view (Ctrl+T)',
    pickerPlaceholder: 'Open a view…',
    filterViews: 'Filter views',
    viewList: 'Views',
    noMatch: 'No view matches “{{filter}}”.',
    saveFailed: 'The tab layout could not be saved: {{reason}}',
    noTabs: 'No tabs open',
    noTabsHint: 'Press <kbd>Ctrl</kbd>+<kbd>T</kbd> or <button>open a view</button>.',
  },
  viewError: {
    heading: 'The {{view}} view stopped working',
    unexpected: 'An unexpected error occurred.',
    othersUnaffected: 'Other tabs are not affected. Reloading the view tries again; no saved data is lost.',
    reload: 'Reload view',
  },
  connection: {
    region: 'Connection',
    connecting: 'Connecting to {{name}}…',
    connected: 'Connected to {{name}}',
    offline: 'Offline',
    refused: 'Not connected',
    cannotReach: 'Cannot reach {{name}}',
    retry: 'Retry',
    openSettings: 'Open Settings',
    neverReached: 'never reached',
    lastReached: 'last reached <time></time>',
    loading: 'Loading connections…',
    loadFailed: 'Connections could not be loaded',
    tryAgain: 'Try again',
    notSetUp: '{{title}} is not set up yet',
    gone: '{{title}}: its connection no longer exists',
    chooser: '{{title}} connection',
    liveOption: '{{name}} (LIVE)',
  },
  summary: {
    models_one: '{{count, number}} model available',
    models_other: '{{count, number}} models available',
    modelList: ': {{models}}',
    sites: 'Sites: {{sites}}',
    channels: 'API channel {{channels}}',
    channelOpen: '{{name}} open',
    channelClosed: '{{name}} closed',
    scopes: 'Scopes: {{scopes}}',
    none: 'none',
    unknown: 'unknown',
    version: 'Version {{version}}',
    edition: '{{edition}} edition',
    uptime: 'up {{duration}}',
  },
  live: {
    badge: 'LIVE',
    tooltip: 'This connection uses a live key: changes affect real customers.',
  },
  notConfigured: {
    openSettings: 'Open Settings',
  },
  nothingCached: {
    text: 'Nothing cached yet. {{explanation}}',
  },
  features: {
    chat: {
      needs: 'Add a model gateway connection (address and API key) in Settings.',
      cacheTitle: 'Conversations',
      cacheExplanation: 'OpsDesk does not keep conversations yet; once it does, past ones show here even while the gateway is offline.',
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
    tickets: {
      needs: 'Add a customer-support connection (address, site and application key) in Settings.',
      cacheTitle: 'Tickets',
      cacheExplanation:
        'OpsDesk does not keep tickets, contacts or work items yet; once it does, they show here even while the support API is offline.',
    },
  },
  settings: {
    keychain: {
      sessionOnly: 'Keys are kept for this session only.',
      sessionOnlyReason:
        'OpsDesk could not use the OS keychain, so keys are kept in memory for this session only and must be entered again after a restart. On Linux, install and unlock a Secret Service provider such as GNOME Keyring or KWallet.',
      sessionOnlyReason_detail:
        'OpsDesk could not use the OS keychain, so keys are kept in memory for this session only and must be entered again after a restart. On Linux, install and unlock a Secret Service provider such as GNOME Keyring or KWallet. (Details: {{detail}})',
      os: 'API keys are stored in the operating system’s keychain.',
    },
    language: {
      heading: 'Language',
      label: 'Display language',
      system: 'Same as the system ({{language}})',
      help: 'Menus, dialogs and notifications follow it too.',
    },
    about: {
      heading: 'About',
      line: 'OpsDesk {{version}} on {{platform}}',
    },
    section: {
      add: 'Add connection',
      none: 'No {{service}} connection yet.',
    },
    row: {
      label: '{{name}} connection',
      key: 'key {{hint}}',
      keyStored: 'key stored',
      noKey: 'no key stored',
      trusts: 'trusts {{trust}}',
      trust_system: 'system certificates',
      'trust_system-plus-ca': 'system certificates + imported CA',
      'trust_ca-only': 'imported CA only',
      trust_pinned: 'pinned certificate',
      notDeleted: 'Not deleted',
      testing: 'Testing the connection…',
      connected: 'Connected',
      failed: 'Connection failed',
      reviewCertificate: 'Review certificate…',
      confirmDelete: 'Delete it and its key?',
      delete: 'Delete',
      keep: 'Keep',
      test: 'Test connection',
      edit: 'Edit',
    },
    form: {
      addTitle: 'Add {{service}} connection',
      editTitle: 'Edit {{service}} connection',
      name: 'Name',
      namePlaceholder: 'e.g. Production',
      address: 'Address',
      addressHelpGateway: 'With or without /v1 at the end.',
      apiKey: 'API key',
      keyStoredHelp: 'A key is stored in the keychain ({{hint}}). Leave empty to keep it.',
      keyHidden: 'hidden',
      keyNewHelp: 'Stored in the OS keychain, never on disk.',
      firewallKeyPlaceholder: 'API key from the back office',
      rateTier: 'Rate tier',
      rateTierHelp: 'OpsDesk stays under your tier’s requests per minute.',
      tierFree: 'Free: {{count, number}} per minute',
      tierPaid: 'Paid: {{count, number}} per minute',
      tierEnterprise: 'Enterprise: {{count, number}} per minute',
      site: 'Site',
      siteHelp: 'The site this application key is bound to.',
      sitePlaceholder: 'site id',
      requestsPerMinute: 'Requests per minute',
      firewallRequests: 'Key’s call-rate limit: requests',
      firewallWindow: 'per seconds',
      trust: 'Certificate trust',
      trust_system: 'System certificates',
      'trust_system-plus-ca': 'System certificates and a CA I import',
      'trust_ca-only': 'Only a CA I import',
      trust_pinned: 'A pinned certificate fingerprint (SHA-256)',
      caPem: 'CA certificate (PEM)',
      caKeepHelp: 'Currently trusts {{subject}}. Leave empty to keep it, or paste another.',
      fingerprint: 'SHA-256 fingerprint',
      fingerprintHelp: 'Leave it to OpsDesk: test the connection and it shows the certificate for you to trust, as SSH does.',
      advanced: 'Timeouts and proxy',
      connectTimeout: 'Connect (s)',
      headersTimeout: 'Response headers (s)',
      bodyTimeout: 'Response body (s)',
      streamIdleTimeout: 'Stream idle (s)',
      proxy: 'Proxy',
      proxy_none: 'No proxy',
      proxy_system: 'System proxy (HTTPS_PROXY, NO_PROXY)',
      proxy_explicit: 'This proxy',
      proxyAddress: 'Proxy address',
      needsAttention: 'Some fields need attention.',
      cancel: 'Cancel',
      saving: 'Saving…',
      save: 'Save and test',
    },
    certificate: {
      title: 'Untrusted certificate',
      intro:
        '<strong>{{name}}</strong> presented a certificate that this connection does not trust yet. Compare its fingerprint with the one your administrator gives you before you trust it.',
      subject: 'Subject',
      issuer: 'Issuer',
      valid: 'Valid',
      validRange: '<from></from> to <to></to>',
      expired: '(expired)',
      names: 'Names',
      none: 'none',
      sha256: 'SHA-256',
      sha256Label: 'SHA-256 fingerprint',
      pinExplanation:
        'Trusting pins this exact certificate for this connection only. Other connections and the rest of your system are unaffected; if the certificate ever changes, OpsDesk refuses it and tells you.',
      dontTrust: 'Don’t trust',
      checking: 'Checking…',
      trust: 'Trust for “{{name}}”',
    },
  },
  dialog: {
    close: 'Close',
  },
  errorNotice: {
    status: 'HTTP {{status}}',
    request: 'request {{id}}',
  },
  errors: {
    addenda: {
      detail: '{{message}} ({{detail}})',
      wait: '{{message}} The service asks to wait {{waitSeconds, number}} s.',
      htmlPage: '{{message}} It answered HTTP {{status}} with an HTML page instead of JSON.',
      htmlPageHint:
        '{{hint}} An HTML page usually comes from a proxy or load balancer in front of the service: check the address and the proxy.',
    },
    bad_request: {
      message: '{{subject}} rejected the request: a parameter is missing or invalid.',
      message_kind_change: 'A connection cannot change which kind of back end it is for.',
      message_key_for_new_address: 'The address now points at another server, so the stored key is not sent there.',
      message_ca_required: 'Paste the CA certificate this connection should trust.',
      message_invalid_input: 'Some of what was entered is not valid.',
      message_unknown_event: 'There is no such event to listen to.',
      hint: 'Check the values you entered.',
    },
    unauthorized: {
      message: '{{subject}} did not accept the key.',
      hint: 'Enter a valid key in the profile settings.',
    },
    key_expired: {
      message: 'The key has expired.',
      hint: 'Generate a new key and store it in this profile.',
    },
    forbidden: {
      message: '{{subject}} refused the request (403).',
      hint: "Check the key's permissions.",
    },
    forbidden_scope: {
      message: 'This key lacks the scope this action needs.',
      hint: "Add the scope to the key's application.",
    },
    forbidden_role: {
      message: "The key's role does not allow this action.",
      hint: 'Use a key with a role that allows it.',
    },
    forbidden_ip: {
      message: "{{subject}} refused this computer's address: it is not in the key's IP allowlist.",
      hint: "Add this machine's address to the key's allowlist, or connect from an allowed network.",
    },
    wrong_site: {
      message: 'The key is not bound to the site this profile names.',
      hint: 'Set the profile to the site the key was issued for, or issue a key for this site.',
    },
    channel_disabled: {
      message: "The site's open API channel is switched off.",
      hint: "Open the API channel in the site's settings (it is off by default).",
    },
    edition_unsupported: {
      message: 'This edition does not support the operation.',
      hint: 'Use an edition that supports it.',
    },
    model_not_permitted: {
      message: 'This key is not allowed to use that model.',
      hint: 'Pick a model the key may use.',
    },
    not_found: {
      message: '{{subject}} has no such object (404).',
      message_profile_gone: 'That connection no longer exists.',
      hint: 'Refresh the view; it may have been removed.',
      hint_profile_gone: 'Reopen Settings to see the current list.',
    },
    conflict: {
      message: '{{subject}} reports a conflict with existing data (409).',
      message_name_taken: 'There is already a {{noun}} connection named “{{name}}”.',
      message_address_changed: 'The address changed while its certificate was checked; test the connection again.',
      hint: 'Refresh and try again.',
      hint_name_taken: 'Choose another name.',
    },
    rate_limited: {
      message: '{{subject}} asks OpsDesk to slow down (429).',
      hint: "Wait a moment, and set the profile's rate limit to the key's limit.",
    },
    server_error: {
      message: '{{subject}} had an internal error ({{status}}).',
      hint: 'Try again; if it keeps failing, tell the administrator of the service.',
    },
    service_unavailable: {
      message: '{{subject}} is temporarily unavailable (503).',
      hint: 'Try again in a moment.',
    },
    unexpected_status: {
      message: '{{subject}} answered with an unexpected HTTP status {{status}}.',
      hint: 'Check the base URL of the profile; it may point at a different service.',
    },
    malformed_response: {
      message_html: '{{subject}} answered HTTP {{status}} with an HTML page instead of JSON.',
      message_not_json: '{{subject}} answered HTTP {{status}} with a body that is not valid JSON.',
      message_unexpected_shape: '{{subject}} answered HTTP {{status}} with JSON of an unexpected shape.',
      message: '{{subject}} answered HTTP {{status}} with a body OpsDesk cannot use.',
      hint_html: 'A proxy, captive portal or web server may be answering instead of the API; check the base URL and proxy settings.',
      hint: 'Check that the base URL points at the right service and version; if it does, report this to its administrator.',
    },
    response_too_large: {
      message:
        '{{subject}} sent a response larger than the {{limitBytes, number}}-byte limit of this profile; reading stopped.',
      hint: 'Ask for less: a smaller page size or a narrower filter.',
    },
    dns_failed: {
      message: 'The host name {{host}} could not be resolved.',
      hint: 'Check the base URL for typos, and your DNS or VPN connection.',
    },
    connection_refused: {
      message: '{{host}} refused the connection: nothing is listening on that port.',
      hint: 'Check the port in the base URL and that the service is running.',
    },
    connection_reset: {
      message: 'The connection to {{host}} was closed before the answer was complete.',
      hint: 'Try again; a proxy, firewall or an overloaded server may be dropping connections.',
    },
    network_unreachable: {
      message: '{{host}} cannot be reached from this computer.',
      hint: 'Check the network connection, VPN and routes to the host.',
    },
    timeout: {
      message: '{{subject}} timed out after {{ms}} ms.',
      message_connect: '{{subject}} timed out after {{ms}} ms while connecting (TCP and TLS handshake).',
      message_headers: '{{subject}} timed out after {{ms}} ms while waiting for the response headers.',
      message_body: '{{subject}} timed out after {{ms}} ms while reading the response body.',
      'message_stream-idle': '{{subject}} timed out after {{ms}} ms while waiting for more data in the response.',
      hint: 'The service is slow or stuck; try again, or raise this timeout in the profile.',
      hint_connect: 'Check the address, the network and any proxy or VPN; raise the connect timeout if the link is slow.',
    },
    proxy_failed: {
      message: 'The proxy did not open a connection to {{host}}.',
      hint: 'Check the proxy address and credentials in the profile or the system settings.',
    },
    tls_failed: {
      message: 'The secure connection to {{host}} could not be set up.',
      hint: 'The server may require a TLS version or cipher this computer does not offer; check the base URL scheme and port.',
    },
    untrusted_certificate: {
      message: '{{host}} presented a certificate that this profile does not trust (self-signed or from an unknown authority).',
      hint: "Check the fingerprint with the service's administrator; if it matches, trust the certificate or import the CA for this profile.",
    },
    hostname_mismatch: {
      message: 'The certificate {{host}} presented was issued for a different host name.',
      hint: 'Use the host name the certificate names in the base URL, or have the administrator reissue the certificate.',
    },
    certificate_expired: {
      message: 'The certificate {{host}} presented is expired or not valid yet.',
      hint: "Ask the administrator to renew the certificate; also check this computer's clock.",
    },
    certificate_changed: {
      message: '{{host}} presented a different certificate from the one pinned for this profile.',
      message_changed_since_shown: 'The server now presents a different certificate from the one you were shown, so it was not trusted.',
      message_pin_mismatch: 'The server presents a certificate whose fingerprint does not match the pinned one.',
      hint: 'Do not continue until the administrator confirms the new fingerprint. If it was renewed on purpose, edit the connection, set its trust to system certificates and test it: OpsDesk then shows the new certificate to trust.',
      hint_changed_since_shown: 'Test the connection again and compare the new fingerprint with the one your appliance administrator gives you.',
      hint_pin_mismatch: 'Check the fingerprint with the appliance administrator before trusting anything else.',
    },
    network_error: {
      message: '{{subject}} could not be reached ({{host}}).',
      hint: 'Check the network connection and the base URL.',
    },
    missing_key: {
      message: 'No API key is stored for this {{noun}} profile.',
      hint: 'Enter the key in the profile settings.',
    },
    invalid_settings: {
      message: 'The {{noun}} profile cannot be used: {{problem}}.',
      message_not_url: 'The {{noun}} profile cannot be used: “{{url}}” is not a URL.',
      message_not_https: 'The {{noun}} profile cannot be used: the base URL must start with https://.',
      hint: 'Correct the profile settings.',
    },
    cancelled: {
      message: 'The request was cancelled.',
      hint: 'Nothing to do.',
    },
    keychain_unavailable: {
      message: 'The OS keychain could not be used: {{reason}}',
      hint: 'Unlock the system keyring (GNOME Keyring, KWallet, macOS Keychain, Windows Credential Manager) and try again.',
    },
    unsafe_link: {
      message: 'Only http(s) links without credentials in them are opened.',
    },
    forbidden_sender: {
      message: 'This request did not come from the OpsDesk window and was refused.',
    },
    unknown_call: {
      message: 'There is no call named {{channel}}.',
    },
    internal: {
      message: 'Something went wrong inside OpsDesk. Try again; if it keeps happening, restart OpsDesk.',
    },
    gateway: {
      bad_request: {
        message: 'The model gateway rejected the request parameters.',
        hint: 'Check the model name and the values (temperature 0 to 2, penalties -2 to 2).',
      },
      unauthorized: {
        message: 'The model gateway did not accept the key: it is invalid or expired.',
        hint: "Copy a valid key from the gateway console's API keys page into this profile.",
      },
      model_not_permitted: {
        message: "This key is not allowed to use that model: it is outside the key's model whitelist.",
        hint: 'Pick a model from the list the gateway returns for this key, or ask for the model to be added to the whitelist.',
      },
      forbidden: {
        message: 'The model gateway refused the request: the key lacks permission.',
        hint: "Check the key's permissions in the gateway console.",
      },
      rate_limited: {
        message: "The model gateway's per-minute request limit for this key was exceeded.",
        hint: "Wait a moment, and set the profile's rate limit to the key's tier (free 60, paid 600, enterprise 6000 per minute).",
      },
      server_error: {
        message: 'The model gateway had an internal error.',
        hint: 'Try again; if it keeps failing, the gateway or the upstream model is down.',
      },
      service_unavailable: {
        message: 'The model gateway is temporarily unavailable.',
        hint: 'Try again in a moment.',
      },
    },
    support: {
      bad_request: {
        message: 'The support API rejected the request: a parameter is missing or invalid.',
        hint: 'Check the values you entered.',
      },
      unauthorized: {
        message: 'The support API did not accept the key: it is missing, wrongly formatted or revoked.',
        hint: 'Paste the application key again (svc_live_… or svc_test_…), or issue a new one under system settings → open applications.',
      },
      forbidden_scope: {
        message: 'This key lacks the scope this action needs.',
        hint: 'Use a key of an application type with that scope (ops covers crm.* and work.*), or add the scope to the application.',
      },
      forbidden_ip: {
        message: "The support API refused this computer's address: it is not in the key's IP allowlist.",
        hint: "Add this machine's public address to the key's allowlist, or connect from an allowed network.",
      },
      forbidden: {
        message: 'The support API refused the request.',
        hint: "Check the key's scopes, site and IP allowlist.",
      },
      not_found: {
        message: 'The object does not exist, or it belongs to another site.',
        hint: "Refresh the list, and check that the profile's site owns the object.",
      },
      conflict: {
        message: 'An object with this id already exists.',
        hint: 'Use another id, or edit the existing entry.',
      },
      rate_limited: {
        message: "The support API's per-minute limit for this key was exceeded.",
        hint: "Wait a moment, and set the profile's rate limit to the key's limit (60 per minute unless changed).",
      },
    },
    firewall: {
      bad_request: {
        message: 'The firewall rejected the request parameters.',
        hint: 'Check the values you entered (addresses, durations, page sizes).',
      },
      unauthorized: {
        message: 'The firewall did not accept the key: it is missing or invalid.',
        hint: 'Paste the key again; a lost key must be regenerated in the back office (system → open interface → API key).',
      },
      key_expired: {
        message: 'The firewall key has expired.',
        hint: 'Generate a new key in the back office (system → open interface → API key) and store it in this profile.',
      },
      forbidden_role: {
        message: "The key's role does not allow this action.",
        hint: 'Use a key with the operations role to block and unblock, or administrator for policies and system settings.',
      },
      forbidden_ip: {
        message: "The firewall refused this computer's address: it is not in the key's IP allowlist.",
        hint: "Add this machine's address to the key's allowlist in the back office, or connect from an allowed network.",
      },
      edition_unsupported: {
        message: 'This firewall edition does not support the operation.',
        hint: 'The free web-application-firewall edition is read-only and has no honeypots or device management; use an enterprise or data-center appliance.',
      },
      forbidden: {
        message: 'The firewall refused the request: role, source address or edition.',
        hint: "Check the key's role and IP allowlist, and the appliance's edition.",
      },
      not_found: {
        message: 'The firewall has no such object.',
        hint: 'Refresh the list; it may have been removed or may have expired.',
      },
      rate_limited: {
        message: "The key's call-rate limit on the firewall was exceeded.",
        hint: "Wait a moment, and set the profile's rate limit to the call-rate limit configured for the key.",
      },
    },
  },
  fieldErrors: {
    invalid: 'This value is not valid.',
    too_small: 'Too small: at least {{minimum}}.',
    too_big: 'Too large: at most {{maximum}}.',
    invalid_type: 'This value has the wrong type.',
    name_required: 'Give the connection a name',
    name_taken: 'This name is taken; choose another.',
    address_not_url: 'Enter a full address, such as https://host.example/',
    address_not_https: 'The address must start with https://',
    address_has_credentials: 'Put the key in the key field, not in the address',
    key_too_short: 'This key is too short',
    key_for_new_address: 'Enter the key for the new address.',
    support_key_format: 'A support key looks like svc_live_<12 hex>.<secret> or svc_test_…',
    site_required: 'Enter the site this key is bound to',
    pem_format: 'Paste a PEM certificate (-----BEGIN CERTIFICATE----- …)',
    pem_unreadable: 'Paste a readable PEM certificate (-----BEGIN CERTIFICATE----- …)',
    fingerprint_format: 'A SHA-256 fingerprint is 32 hex pairs, e.g. AB:CD:…',
    proxy_not_url: 'Enter a proxy address such as http://proxy.example:3128',
    proxy_has_password: 'Proxies that need a password in the address are not supported',
  },
  menu: {
    edit: 'Edit',
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    selectAll: 'Select All',
  },
  startFailure: {
    title: 'OpsDesk could not start',
    body: '{{reason}}\n\nNothing was changed. Fix the cause and start OpsDesk again.',
  },
};

export type Catalog = typeof en;
