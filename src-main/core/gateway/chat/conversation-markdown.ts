import type { ChatMessage, Conversation } from '../../../../src-shared/contract/gateway.ts';

/** A conversation as a Markdown document: the model's text as it came, each turn under a heading. */
export function conversationAsMarkdown(conversation: Conversation, messages: readonly ChatMessage[]): string {
  const lines = [`# ${conversation.title || 'Conversation'}`, ''];
  if (conversation.model) lines.push(`Model: ${conversation.model}`, '');
  if (conversation.systemPrompt) lines.push('## System', '', conversation.systemPrompt, '');
  for (const message of messages) {
    lines.push(message.role === 'user' ? '## User' : `## Assistant${message.model ? ` (${message.model})` : ''}`, '');
    if (message.reasoning) lines.push(...message.reasoning.split('\n').map((line) => `> ${line}`), '');
    lines.push(message.content, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
