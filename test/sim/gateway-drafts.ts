// The gateway simulator's answer to a reply drafted from the knowledge base (issue 26): a prompt
// quoting numbered entries between `<<<KNOWLEDGE BASE ENTRIES` markers gets a short reply that cites
// the first two by number, in Chinese when the instructions ask for Chinese, so a test can see the
// citations arrive and be read. Any other prompt is not a draft (undefined).
import type { ChatMessage, Reply } from './gateway-content.ts';

const ENTRIES = /<<<KNOWLEDGE BASE ENTRIES\n([\s\S]*?)\nKNOWLEDGE BASE ENTRIES>>>/;

export function simulatedDraftReply(messages: readonly ChatMessage[]): Reply | undefined {
  const prompt = messages.find((message) => message.role === 'user' && ENTRIES.test(message.content))?.content;
  if (prompt === undefined) return undefined;
  const titles = [...ENTRIES.exec(prompt)![1]!.matchAll(/^\[(\d+)\] (.*)$/gm)].map((match) => match[2]!.trim());
  const chinese = messages.some((message) => message.role === 'system' && message.content.includes('Write in Chinese'));
  const cited = titles.slice(0, 2);
  if (chinese) {
    const parts = cited.map((title, index) => `请参阅“${title}”[${index + 1}]。`);
    return { text: ['您好，感谢您的来信。', ...(parts.length ? parts : ['知识库中没有找到相关条目，请告诉我们更多细节。']), '祝好'].join(''), finishReason: 'stop' };
  }
  const parts = cited.map((title, index) => `Our guide "${title}" explains the steps [${index + 1}].`);
  return { text: ['Hello, thank you for writing to us.', ...(parts.length ? parts : ['We found no article on this yet; could you tell us more?']), 'Kind regards'].join(' '), finishReason: 'stop' };
}
