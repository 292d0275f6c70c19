// A stored conversation of any length, written straight into the database as years of chatting
// would leave it: questions, and answers in Markdown with code blocks, tables and lists, each
// answer with its usage. For the long-conversation tests and bench P8.
import type { Db } from '../../src-main/core/db/database.ts';

/** The text of message `index` (even: the user's question, odd: the model's answer). */
export function longConversationText(index: number): string {
  const turn = Math.floor(index / 2);
  if (index % 2 === 0) return `Question ${turn}: what should I do about the scan from 198.51.100.${turn % 250} on port ${1000 + (turn % 9000)}?`;
  const intro = `Answer ${turn}. The source **198.51.100.${turn % 250}** probed \`${20 + (turn % 60)}\` ports in a minute; that is a scan, not a misconfigured client. `;
  switch (turn % 3) {
    case 0:
      return `${intro}Block it for a day and watch whether it comes back from a neighbouring address.\n\n\`\`\`ts\nconst blocked = await firewall.block('198.51.100.${turn % 250}', { hours: 24 });\nconsole.log(blocked.id, blocked.expiresAt);\n\`\`\`\n\nThen check the log search for the same signature.`;
    case 1:
      return `${intro}Here is what the appliance logged:\n\n| port | hits | verdict |\n|---|---|---|\n| 22 | ${turn % 40} | dropped |\n| 443 | ${turn % 17} | allowed |\n| 3389 | ${turn % 9} | dropped |\n\nOnly 443 got through, which is the public site.`;
    default:
      return `${intro}What to do next:\n\n1. Look up the address in the threat feed.\n2. Search the tickets for a customer on that range.\n3. If nothing turns up, block it.\n\nNothing in the last week suggests a targeted attack.`;
  }
}

/** Writes conversation `id` with `count` messages, for a profile that may not exist (its key never asked). */
export function fillLongConversation(db: Db, { id, count, title = `Long conversation ${id}` }: { id: string; count: number; title?: string }): void {
  const now = new Date().toISOString();
  const insert = db.prepare(
    `INSERT INTO chat_messages (id, conversation_id, position, role, content, outcome, usage, model, created_at)
     VALUES (@id, @conversationId, @position, @role, @content, @outcome, @usage, @model, @createdAt)`,
  );
  db.transaction(() => {
    db.prepare(`INSERT INTO conversations (id, title, model, created_at, updated_at) VALUES (?, ?, 'gpt-4o-mini', ?, ?)`).run(id, title, now, now);
    for (let position = 0; position < count; position += 1) {
      const answer = position % 2 === 1;
      const content = longConversationText(position);
      const completionTokens = Math.ceil(content.length / 4);
      insert.run({
        id: `${id}-m${position}`,
        conversationId: id,
        position,
        role: answer ? 'assistant' : 'user',
        content,
        outcome: answer ? 'finished' : null,
        usage: answer ? JSON.stringify({ promptTokens: position * 30, completionTokens, totalTokens: position * 30 + completionTokens }) : null,
        model: answer ? 'gpt-4o-mini' : null,
        createdAt: now,
      });
    }
  })();
}
