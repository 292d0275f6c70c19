// An alert as the appliance sends it (docs/api-assumptions.md, Firewall): read under plausible
// names and types; fields without a column pass through in `other`.
import { alertSeverities, type AlertRow } from '../../../../src-shared/contract/firewall.ts';
import type { Fields } from '../../wire/read.ts';
import { SEVERITY_WORDS, type SeverityScale } from './severity-scale.ts';

/** The row the view shows, with the time as ms (the column) and what has no column; whether its source is blocked is the cache's to say. */
export interface WireAlert extends Omit<AlertRow, 'occurredAt' | 'sourceBlocked'> {
  occurredMs: number | null;
  /** Every field without a column, as sent. */
  other: Record<string, unknown> | null;
}

export interface WireAlertDetail {
  ruleId: string | null;
  payloadExcerpt: string | null;
}

const NAMES = {
  id: ['id', 'alert_id', 'alertId', 'uuid'],
  severity: ['severity', 'level', 'priority'],
  occurredAt: ['occurred_at', 'occurredAt', 'timestamp', 'time', 'created_at', 'detected_at'],
  category: ['category', 'type', 'class'],
  action: ['action', 'disposition'],
  srcIp: ['src_ip', 'srcIp', 'source_ip', 'src'],
  srcPort: ['src_port', 'srcPort', 'source_port'],
  dstIp: ['dst_ip', 'dstIp', 'destination_ip', 'dest_ip', 'dst'],
  dstPort: ['dst_port', 'dstPort', 'destination_port', 'dest_port'],
  protocol: ['protocol', 'proto'],
  signature: ['signature', 'signature_name', 'rule_name', 'name'],
  message: ['message', 'msg', 'description', 'summary'],
  deviceId: ['device_id', 'deviceId', 'asset_id'],
  ruleId: ['rule_id', 'ruleId', 'signature_id', 'sid'],
  payloadExcerpt: ['payload_excerpt', 'payloadExcerpt', 'payload'],
} as const;
const KNOWN = new Set<string>(Object.values(NAMES).flat());

/** A known word as itself or its usual other names; a number through the scale the description gives, else "level N". */
function severityOf(fields: Fields, scale: SeverityScale | null): string | null {
  const raw = fields.string(...NAMES.severity)?.trim().toLowerCase();
  if (raw === undefined || raw === '') return null;
  if (/^\d+$/.test(raw)) return scale?.get(raw) ?? `level ${raw}`;
  return (alertSeverities as readonly string[]).includes(raw) ? raw : (SEVERITY_WORDS[raw] ?? raw);
}

/** 0 for unknown words, so an unknown severity sorts below `low`; "level N" sorts by N. */
export function severityRank(severity: string | null): number {
  const level = severity === null ? undefined : /^level (\d+)$/.exec(severity)?.[1];
  if (level !== undefined) return Number(level);
  return severity === null ? 0 : (alertSeverities as readonly string[]).indexOf(severity) + 1;
}

/** Ports are whole numbers; anything else the appliance sends there is not a port. */
function portOf(value: number | undefined): number | null {
  return value !== undefined && Number.isInteger(value) ? value : null;
}

export function readAlert(fields: Fields, scale: SeverityScale | null = null): WireAlert | undefined {
  const id = fields.id(...NAMES.id);
  if (id === undefined) return undefined;
  const time = fields.time(...NAMES.occurredAt);
  const other = Object.fromEntries(Object.entries(fields.record).filter(([name]) => !KNOWN.has(name)));
  return {
    id,
    severity: severityOf(fields, scale),
    occurredMs: time === undefined ? null : Date.parse(time),
    category: fields.string(...NAMES.category) ?? null,
    action: fields.string(...NAMES.action) ?? null,
    srcIp: fields.string(...NAMES.srcIp) ?? null,
    srcPort: portOf(fields.number(...NAMES.srcPort)),
    dstIp: fields.string(...NAMES.dstIp) ?? null,
    dstPort: portOf(fields.number(...NAMES.dstPort)),
    protocol: fields.string(...NAMES.protocol) ?? null,
    signature: fields.string(...NAMES.signature) ?? null,
    message: fields.string(...NAMES.message) ?? null,
    deviceId: fields.id(...NAMES.deviceId) ?? null,
    other: Object.keys(other).length > 0 ? other : null,
  };
}

/**
 * An alert on its way to the database worker and into its row: its fields in a fixed order,
 * `other` as the JSON the row keeps. Posted as objects, a hundred thousand alerts carried every
 * field's name too; as arrays they cost main's thread and the worker about half as much.
 */
export type PackedAlert = [
  id: string, severity: string | null, occurredMs: number | null, category: string | null, action: string | null, srcIp: string | null,
  srcPort: number | null, dstIp: string | null, dstPort: number | null, protocol: string | null, signature: string | null,
  message: string | null, deviceId: string | null, other: string | null,
];

export function packAlert(alert: WireAlert): PackedAlert {
  return [
    alert.id, alert.severity, alert.occurredMs, alert.category, alert.action, alert.srcIp, alert.srcPort, alert.dstIp, alert.dstPort,
    alert.protocol, alert.signature, alert.message, alert.deviceId, alert.other === null ? null : JSON.stringify(alert.other),
  ];
}

export function readAlertDetail(fields: Fields): WireAlertDetail {
  return {
    ruleId: fields.id(...NAMES.ruleId) ?? null,
    payloadExcerpt: fields.string(...NAMES.payloadExcerpt) ?? null,
  };
}

/** Where an appliance may put the domain an alert is about: an HTTP request's host, a TLS name, a DNS query. */
const DOMAIN_NAMES = ['domain', 'hostname', 'host', 'http_host', 'server_name', 'sni', 'fqdn', 'dns_query', 'query_name', 'qname'] as const;
const DOMAIN = /^(?=.{1,253}$)(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]\.?$/i;

/** The domain an alert names among its fields without a column, lower case; an address or anything else is none. */
export function alertDomainOf(other: Record<string, unknown>): string | null {
  for (const name of DOMAIN_NAMES) {
    const value = other[name];
    if (typeof value !== 'string') continue;
    const domain = value.trim().replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();
    if (DOMAIN.test(domain)) return domain;
  }
  return null;
}
