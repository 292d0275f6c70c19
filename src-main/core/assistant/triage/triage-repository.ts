import type { TriageDecision } from '../../../../src-shared/contract/assistant.ts';
import type { Db } from '../../db/database.ts';

export interface TriageRecord {
  conversationId: string;
  firewallProfileId: string;
  alertIds: string[];
  address: string | null;
  /** The addresses a proposal may name: the alerts' sources when asked, and the address asked about. */
  sourceAddresses: string[];
  verdictMarker: string;
  decision: TriageDecision | null;
}

interface TriageRow {
  conversation_id: string;
  firewall_profile_id: string;
  address: string | null;
  source_addresses: string;
  verdict_marker: string;
  decision: 'approved' | 'dismissed' | null;
  decided_message_id: string | null;
  decided_at: string | null;
  blocked_ip: string | null;
}

/** The `triage_conversations` and `triage_alerts` tables: which conversation is about which alerts, and the decision taken. */
export class TriageRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  insert(record: Omit<TriageRecord, 'decision'>): void {
    this.#db.transaction(() => {
      this.#db
        .prepare('INSERT INTO triage_conversations (conversation_id, firewall_profile_id, address, source_addresses, verdict_marker) VALUES (?, ?, ?, ?, ?)')
        .run(record.conversationId, record.firewallProfileId, record.address, JSON.stringify(record.sourceAddresses), record.verdictMarker);
      const link = this.#db.prepare('INSERT OR IGNORE INTO triage_alerts (conversation_id, firewall_profile_id, alert_id) VALUES (?, ?, ?)');
      for (const alertId of record.alertIds) link.run(record.conversationId, record.firewallProfileId, alertId);
    })();
  }

  find(conversationId: string): TriageRecord | undefined {
    const row = this.#db.prepare('SELECT * FROM triage_conversations WHERE conversation_id = ?').get(conversationId) as TriageRow | undefined;
    if (!row) return undefined;
    const alertIds = (this.#db.prepare('SELECT alert_id FROM triage_alerts WHERE conversation_id = ? ORDER BY rowid').all(conversationId) as { alert_id: string }[]).map(
      ({ alert_id }) => alert_id,
    );
    return {
      conversationId: row.conversation_id,
      firewallProfileId: row.firewall_profile_id,
      alertIds,
      address: row.address,
      sourceAddresses: JSON.parse(row.source_addresses) as string[],
      verdictMarker: row.verdict_marker,
      decision:
        row.decision && row.decided_message_id && row.decided_at
          ? { kind: row.decision, messageId: row.decided_message_id, at: row.decided_at, blockedIp: row.blocked_ip }
          : null,
    };
  }

  /** The conversations about one alert, newest first. */
  conversationsOf(firewallProfileId: string, alertId: string): string[] {
    return (
      this.#db
        .prepare(
          `SELECT t.conversation_id FROM triage_alerts t JOIN conversations c ON c.id = t.conversation_id
           WHERE t.firewall_profile_id = ? AND t.alert_id = ? ORDER BY c.updated_at DESC`,
        )
        .all(firewallProfileId, alertId) as { conversation_id: string }[]
    ).map(({ conversation_id }) => conversation_id);
  }

  decide(conversationId: string, decision: TriageDecision): void {
    this.#db
      .prepare('UPDATE triage_conversations SET decision = ?, decided_message_id = ?, decided_at = ?, blocked_ip = ? WHERE conversation_id = ?')
      .run(decision.kind, decision.messageId, decision.at, decision.blockedIp, conversationId);
  }
}
