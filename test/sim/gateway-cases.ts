// The gateway simulator's answer to a case's summary or customer update (issue 46): a prompt
// quoting `<<<CASE TIMELINE` gets a few lines naming the case, its alerts' first group and the
// blocks the timeline shows as sent, in Chinese when the instructions ask for Chinese, so a test
// and a screenshot see a plausible proposal arrive. Any other prompt is not a case's (undefined).
import type { ChatMessage, Reply } from './gateway-content.ts';

const CASE = /<<<CASE TIMELINE\n([\s\S]*?)\nCASE TIMELINE>>>/;

export function simulatedCaseReply(messages: readonly ChatMessage[]): Reply | undefined {
  const prompt = messages.find((message) => message.role === 'user' && CASE.test(message.content))?.content;
  if (prompt === undefined) return undefined;
  const system = messages.find((message) => message.role === 'system')?.content ?? '';
  const timeline = CASE.exec(prompt)![1]!;
  const title = /^Case #\d+: (.*)$/m.exec(timeline)?.[1] ?? 'this case';
  const alerts = Number(/^Alerts \((\d+)\):/m.exec(timeline)?.[1] ?? 0);
  const group = /^- \d+ × (.*?)(?:, from ([^,;]+))?(?:,|;|$)/m.exec(timeline.slice(timeline.indexOf('Alerts (')));
  const blocked = [...new Set([...timeline.matchAll(/\[write\] Block address (?:by \S+ )?\(sent[^)]*\): "([^"]+)"/g)].map((match) => match[1]!))];
  const chinese = system.includes('Write in Chinese');
  const update = system.includes('update to a customer');
  if (update) {
    const text = chinese
      ? `您好，感谢您的耐心等待。我们调查了您报告的问题：共发现 ${alerts} 条相关告警${group?.[2] ? `，来源为 ${group[2]}` : ''}。${blocked.length > 0 ? `我们已封禁 ${blocked.join('、')}。` : ''}如仍有异常，请随时告诉我们。`
      : `Hello, thank you for your patience. We looked into what you reported and found ${alerts} related alerts${group?.[2] ? ` from ${group[2]}` : ''}. ${blocked.length > 0 ? `We have blocked ${blocked.join(', ')}. ` : ''}Please tell us if you still see anything unusual.`;
    return { text, finishReason: 'stop' };
  }
  const lines = chinese
    ? [`案件“${title}”：${alerts} 条告警${group ? `，主要为 ${group[1]}${group[2] ? `，来自 ${group[2]}` : ''}` : ''}。`, blocked.length > 0 ? `已处理：封禁 ${blocked.join('、')}。` : '已处理：尚无封禁。', '未完成：客户尚待答复。']
    : [`Case “${title}”: ${alerts} alerts${group ? `, mostly ${group[1]}${group[2] ? ` from ${group[2]}` : ''}` : ''}.`, blocked.length > 0 ? `Done: blocked ${blocked.join(', ')}.` : 'Done: nothing blocked yet.', 'Open: the customer is waiting for an answer.'];
  return { text: lines.join('\n'), finishReason: 'stop' };
}
