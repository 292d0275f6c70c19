// Records of the firewall simulator and their seeded, deterministic generation.
// The appliance keeps local time at +08:00 and writes every timestamp with that offset.
import type { Random } from './random.ts';
import { sprinkleHostile } from './hostile.ts';

const APPLIANCE_UTC_OFFSET_MINUTES = 8 * 60;

export function applianceTime(ms: number): string {
  const local = new Date(ms + APPLIANCE_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, -1);
  const sign = APPLIANCE_UTC_OFFSET_MINUTES >= 0 ? '+' : '-';
  const abs = Math.abs(APPLIANCE_UTC_OFFSET_MINUTES);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export type Severity = 'low' | 'medium' | 'high' | 'critical';
export const SEVERITIES: readonly Severity[] = ['low', 'medium', 'high', 'critical'];
export const ALERT_CATEGORIES = ['port_scan', 'brute_force', 'sql_injection', 'xss', 'malware_callback', 'dos', 'policy_violation', 'honeypot_access'] as const;
export type AlertCategory = (typeof ALERT_CATEGORIES)[number];

export interface Alert {
  id: string;
  severity: Severity;
  category: AlertCategory;
  src_ip: string;
  src_port: number;
  dst_ip: string;
  dst_port: number;
  protocol: 'tcp' | 'udp' | 'icmp';
  action: 'blocked' | 'detected';
  signature: string;
  message: string;
  device_id: string | null;
  occurred_at: string;
  occurredMs: number;
  payload_excerpt: string;
  rule_id: string;
}

export interface Policy {
  id: string; name: string; enabled: boolean; action: 'allow' | 'deny' | 'reject';
  source: string[]; destination: string[]; service: string[]; priority: number; description: string;
  hit_count: number; created_at: string; updated_at: string;
}

export type AddressType = 'host' | 'subnet' | 'range' | 'fqdn' | 'group';
export interface AddressObject {
  id: string; name: string; type: AddressType; value: string | null; members: string[]; description: string;
  created_at: string; updated_at: string;
}

export type BlockSource = 'manual' | 'api' | 'auto' | 'approval';
export interface BlockEntry {
  id: string; ip: string; reason: string; duration: number; source: BlockSource; created_at: string;
  expires_at: string | null; expiresMs: number | null;
}

export interface AllowEntry { id: string; ip: string; description: string; created_at: string }

export interface DomainRule { id: string; domain: string; action: 'block' | 'allow'; description: string; created_at: string }

export interface Device {
  id: string; name: string; ip: string; mac: string; vendor: string; os: string;
  type: 'server' | 'workstation' | 'printer' | 'iot' | 'network' | 'phone'; online: boolean; first_seen: string; last_seen: string;
}

export type HoneypotType = 'ssh' | 'http' | 'rdp' | 'smb' | 'mysql' | 'telnet';
export const HONEYPOT_TYPES: readonly HoneypotType[] = ['ssh', 'http', 'rdp', 'smb', 'mysql', 'telnet'];
export interface Honeypot {
  id: string; name: string; type: HoneypotType; ip: string; port: number; enabled: boolean;
  trigger_count: number; last_triggered_at: string | null; created_at: string; updated_at: string;
}
export interface HoneypotEvent { id: string; honeypot_id: string; src_ip: string; occurred_at: string; detail: string }

export type ReportType = 'threat_summary' | 'traffic' | 'top_sources' | 'blocklist';
export const REPORT_TYPES: readonly ReportType[] = ['threat_summary', 'traffic', 'top_sources', 'blocklist'];
export interface Report {
  id: string; name: string; type: ReportType; status: 'generating' | 'ready' | 'failed';
  period: { from: string; to: string }; created_at: string; completed_at: string | null; content: object | null;
}

export interface LogEntry {
  id: string; time: string; timeMs: number; type: 'traffic' | 'threat' | 'system';
  src_ip: string; src_port: number; dst_ip: string; dst_port: number; protocol: string;
  action: 'allow' | 'deny'; bytes: number; rule_id: string | null; message: string;
}

export interface FirewallStore {
  policies: Policy[];
  addresses: AddressObject[];
  blocklist: BlockEntry[];
  allowlist: AllowEntry[];
  domainRules: DomainRule[];
  alerts: Alert[]; // oldest first; ids ascend with time
  logs: LogEntry[]; // oldest first
  devices: Device[];
  honeypots: Honeypot[];
  honeypotEvents: HoneypotEvent[];
  reports: Report[];
  nextId(prefix: string): string;
}

const SIGNATURES: Record<AlertCategory, string[]> = {
  port_scan: ['TCP SYN scan detected', 'UDP sweep across {n} ports'],
  brute_force: ['SSH login failures from one source', 'RDP password spraying'],
  sql_injection: ["SQL injection in parameter 'id'", 'UNION SELECT in query string'],
  xss: ['Reflected XSS attempt in search', 'Script tag in form field'],
  malware_callback: ['Beacon to known C2 domain', 'DNS tunnelling pattern'],
  dos: ['SYN flood above threshold', 'HTTP request flood'],
  policy_violation: ['Blocked outbound SMB', 'Peer-to-peer traffic blocked'],
  honeypot_access: ['Honeypot login attempt', 'Honeypot file share accessed'],
};
const PAYLOADS = ["GET /search?q=' OR 1=1 --", 'POST /login user=admin&pass=admin', 'GET /../../etc/passwd', 'SSH-2.0-libssh_0.9.6'];
const VENDORS = ['Dell', 'HP', 'Cisco', 'Hikvision', 'Apple', 'Lenovo', 'Synology', 'Ubiquiti', 'Brother'];
const DEVICE_TYPES: Device['type'][] = ['server', 'workstation', 'printer', 'iot', 'network', 'phone'];
const OSES = ['Windows 11', 'Ubuntu 24.04', 'macOS 15', 'RouterOS 7', 'Embedded Linux', 'iOS 18', 'Android 15'];

export function randomPublicIp(random: Random): string {
  const first = random.pick([45, 61, 77, 91, 103, 118, 145, 176, 185, 193, 203, 211, 222]);
  return `${first}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
}

function randomLanIp(random: Random): string {
  return `10.20.${random.int(0, 15)}.${random.int(2, 254)}`;
}

export function newAlert(random: Random, id: string, occurredMs: number, deviceIds: readonly string[]): Alert {
  const category = random.pick(ALERT_CATEGORIES);
  const severity = random.pick(category === 'malware_callback' || category === 'dos' ? ['high', 'critical'] as const : SEVERITIES);
  const signature = random.pick(SIGNATURES[category]).replace('{n}', String(random.int(100, 5000)));
  const srcIp = randomPublicIp(random);
  const dstPort = random.pick([22, 80, 443, 445, 3306, 3389, 8080]);
  return {
    id, severity, category, src_ip: srcIp, src_port: random.int(1024, 65535), dst_ip: randomLanIp(random), dst_port: dstPort,
    protocol: category === 'port_scan' && random.chance(0.3) ? 'udp' : 'tcp',
    action: random.chance(0.6) ? 'blocked' : 'detected',
    signature,
    message: sprinkleHostile(random, `${signature} from ${srcIp} to port ${dstPort}`, 0.03),
    device_id: deviceIds.length > 0 && random.chance(0.5) ? random.pick(deviceIds) : null,
    occurred_at: applianceTime(occurredMs), occurredMs,
    payload_excerpt: sprinkleHostile(random, random.pick(PAYLOADS), 0.05),
    rule_id: `sig-${random.int(1000, 9999)}`,
  };
}

export function newDevice(random: Random, id: string, nowMs: number): Device {
  const vendor = random.pick(VENDORS);
  const type = random.pick(DEVICE_TYPES);
  const mac = Array.from({ length: 6 }, () => random.hex(2)).join(':');
  const firstSeen = nowMs - random.int(0, 90 * 86_400_000);
  return {
    id, name: sprinkleHostile(random, `${vendor.toLowerCase()}-${type}-${random.hex(4)}`, 0.05), ip: randomLanIp(random), mac, vendor,
    os: random.pick(OSES), type, online: random.chance(0.8), first_seen: applianceTime(firstSeen), last_seen: applianceTime(Math.max(firstSeen, nowMs - random.int(0, 86_400_000))),
  };
}

export function createFirewallStore(random: Random, nowMs: number, alertCount: number): FirewallStore {
  const counters = new Map<string, number>();
  const store: FirewallStore = {
    policies: [], addresses: [], blocklist: [], allowlist: [], domainRules: [], alerts: [], logs: [],
    devices: [], honeypots: [], honeypotEvents: [], reports: [],
    nextId: (prefix) => {
      const n = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, n);
      return `${prefix}_${String(n).padStart(prefix === 'alt' || prefix === 'log' ? 8 : 5, '0')}`;
    },
  };
  const DAY = 86_400_000;
  const past = (days: number): number => nowMs - random.int(60_000, days * DAY);

  for (let i = 0; i < 60; i++) store.devices.push(newDevice(random, store.nextId('dev'), nowMs));
  const deviceIds = store.devices.map((d) => d.id);

  for (let i = 0; i < 30; i++) {
    const created = past(300);
    const type = random.pick<AddressType>(['host', 'host', 'subnet', 'range', 'fqdn', 'group']);
    const members = type === 'group' ? store.addresses.slice(-3).map((a) => a.id) : [];
    const value = {
      host: randomLanIp(random), subnet: `10.${random.int(0, 255)}.${random.int(0, 255)}.0/24`,
      range: `10.30.0.${random.int(1, 100)}-10.30.0.${random.int(101, 200)}`, fqdn: `svc${i}.corp.example`, group: null,
    }[type];
    store.addresses.push({
      id: store.nextId('addr'), name: sprinkleHostile(random, `${type}-${i + 1}`), type, value, members,
      description: `Seeded ${type} object`, created_at: applianceTime(created), updated_at: applianceTime(created),
    });
  }

  for (let i = 0; i < 25; i++) {
    const created = past(300);
    store.policies.push({
      id: store.nextId('pol'), name: sprinkleHostile(random, `policy-${i + 1}`), enabled: random.chance(0.85),
      action: random.pick(['allow', 'deny', 'reject'] as const),
      source: [random.chance(0.5) ? 'any' : random.pick(store.addresses).name],
      destination: [random.chance(0.5) ? 'any' : random.pick(store.addresses).name],
      service: [random.pick(['tcp/443', 'tcp/80', 'tcp/22', 'udp/53', 'any'])], priority: (i + 1) * 10,
      description: sprinkleHostile(random, 'Seeded policy'), hit_count: random.int(0, 1_000_000),
      created_at: applianceTime(created), updated_at: applianceTime(created),
    });
  }

  for (let i = 0; i < 120; i++) {
    const created = past(2);
    const duration = random.pick([0, 3600, 86_400, 7 * 86_400]);
    const expiresMs = duration === 0 ? null : created + duration * 1000;
    if (expiresMs !== null && expiresMs <= nowMs) continue;
    store.blocklist.push({
      id: store.nextId('blk'), ip: randomPublicIp(random), reason: sprinkleHostile(random, random.pick(['Brute force', 'Port scan', 'Manual block', 'Threat intel match'])),
      duration, source: random.pick(['manual', 'api', 'auto', 'approval'] as const), created_at: applianceTime(created),
      expires_at: expiresMs === null ? null : applianceTime(expiresMs), expiresMs,
    });
  }

  for (let i = 0; i < 20; i++) {
    store.allowlist.push({
      id: store.nextId('alw'), ip: random.chance(0.7) ? randomPublicIp(random) : `198.51.100.${random.int(0, 3) * 64}/26`,
      description: sprinkleHostile(random, random.pick(['Partner VPN', 'Monitoring probe', 'Office uplink'])), created_at: applianceTime(past(300)),
    });
  }

  for (let i = 0; i < 40; i++) {
    store.domainRules.push({
      id: store.nextId('dom'), domain: random.chance(0.3) ? `*.bad${i}.example` : `site${i}.example`,
      action: random.chance(0.7) ? 'block' : 'allow', description: sprinkleHostile(random, 'Seeded rule'), created_at: applianceTime(past(300)),
    });
  }

  // Alerts spread over the last 30 days, evenly spaced so ids and times ascend together.
  const span = 30 * DAY;
  for (let i = 0; i < alertCount; i++) {
    const occurred = nowMs - span + Math.floor(((i + 1) * span) / (alertCount + 1));
    store.alerts.push(newAlert(random, store.nextId('alt'), occurred, deviceIds));
  }

  for (let i = 0; i < 5000; i++) {
    const time = nowMs - 7 * DAY + Math.floor(((i + 1) * 7 * DAY) / 5001);
    const type = random.pick(['traffic', 'traffic', 'traffic', 'threat', 'system'] as const);
    const action = random.chance(0.8) ? 'allow' : 'deny';
    const src = random.chance(0.5) ? randomLanIp(random) : randomPublicIp(random);
    const dst = random.chance(0.5) ? randomLanIp(random) : randomPublicIp(random);
    const dstPort = random.pick([53, 80, 443, 22, 3389, 8443]);
    store.logs.push({
      id: store.nextId('log'), time: applianceTime(time), timeMs: time, type, src_ip: src, src_port: random.int(1024, 65535),
      dst_ip: dst, dst_port: dstPort, protocol: dstPort === 53 ? 'udp' : 'tcp', action, bytes: random.int(40, 5_000_000),
      rule_id: type === 'system' ? null : random.pick(store.policies).id,
      message: type === 'system' ? sprinkleHostile(random, random.pick(['Admin login from 10.20.0.5', 'Signature database updated', 'HA sync completed'])) : `${action} ${src} -> ${dst}:${dstPort}`,
    });
  }

  for (const [i, type] of HONEYPOT_TYPES.entries()) {
    const created = past(200);
    const honeypot: Honeypot = {
      id: store.nextId('hp'), name: `${type}-decoy-${i + 1}`, type, ip: `10.20.99.${10 + i}`,
      port: { ssh: 22, http: 80, rdp: 3389, smb: 445, mysql: 3306, telnet: 23 }[type], enabled: i !== 5,
      trigger_count: 0, last_triggered_at: null, created_at: applianceTime(created), updated_at: applianceTime(created),
    };
    store.honeypots.push(honeypot);
    const times = Array.from({ length: random.int(10, 60) }, () => past(30)).sort((a, b) => a - b);
    for (const t of times) {
      store.honeypotEvents.push({
        id: store.nextId('hpe'), honeypot_id: honeypot.id, src_ip: randomPublicIp(random), occurred_at: applianceTime(t),
        detail: sprinkleHostile(random, `${type} interaction: ${random.pick(['login attempt root/123456', 'banner grab', 'file listing', 'query SHOW DATABASES'])}`),
      });
    }
    honeypot.trigger_count = times.length;
    honeypot.last_triggered_at = times.length > 0 ? applianceTime(times.at(-1)!) : null;
  }
  return store;
}
