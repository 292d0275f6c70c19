// What the model is asked to draft: grounded in the entries found, in the visitor's language,
// without the visitor's contact details when the settings say so, and never with a key in it.
import { describe, expect, test } from 'vitest';
import type { KbSearchHit, TicketMessage } from '../../../src-shared/contract/support.ts';
import { callNotePrompt, kbQueryOf, languageOf, PROMPT_LIMITS, replyDraftPrompt, threadSummaryPrompt, type PromptContext, type PromptFields, type ThreadForPrompt } from '../../../src-main/core/drafting/draft-prompts.ts';
import { Redactor } from '../../../src-main/core/log/redactor.ts';
import { citationsIn, withoutCitations } from '../../../src-shared/draft-citations.ts';

const message = (from: string, text: string, author: string | null = null): TicketMessage => ({ id: `m-${text.length}-${from}`, from, author, text, createdAt: null });

const thread = (messages: TicketMessage[], subject = 'Cannot log in after password change'): ThreadForPrompt => ({
  subject,
  visitorName: 'Olga Petrova',
  visitorEmail: 'olga.petrova@example.com',
  messages,
});

const hits: KbSearchHit[] = [
  { id: 'faq-site-main-001', source: 'faq', title: 'How do I reset my password?', snippet: 'Open Settings → Security and choose Reset.', score: 0.9 },
  { id: 'doc-site-main-004', source: 'article', title: 'Guide: two-factor login', snippet: 'Two-factor codes come from the app.', score: 0.5 },
];

const registeredKey = 'svc_test_0123456789ab.ThisIsTheSecretPartOfTheKey';

function context(visitorContact: boolean | PromptFields, phoneRegion: PromptContext['phoneRegion'] = null): PromptContext {
  const redactor = new Redactor();
  redactor.registerSecret('opaque-gateway-secret-1234');
  const fields = typeof visitorContact === 'boolean' ? { visitorName: visitorContact, visitorEmail: visitorContact, visitorPhone: visitorContact } : visitorContact;
  return { fields, phoneRegion, redact: (text) => redactor.redact(text) };
}

const wholePrompt = (built: { request: { systemPrompt: string; messages: { content: string }[] } }) => [built.request.systemPrompt, ...built.request.messages.map((m) => m.content)].join('\n');

describe('the reply draft prompt', () => {
  test('is grounded in the entries found, numbered as the window shows them, and asks for [n] citations', () => {
    const built = replyDraftPrompt(thread([message('visitor', 'I changed my password and now I cannot log in.', 'Olga Petrova')]), hits, context(true));
    const prompt = wholePrompt(built);
    expect(prompt).toContain('[1] How do I reset my password?\nOpen Settings → Security and choose Reset.');
    expect(prompt).toContain('[2] Guide: two-factor login');
    expect(built.request.systemPrompt).toMatch(/Cite each entry you use by its number in square brackets, such as \[1\]/);
    expect(built.request.systemPrompt).toContain('Ground every statement in the knowledge base entries given');
    // The thread is data the model reads, not instructions: it sits between markers the instructions name.
    expect(built.request.messages[0]!.content).toMatch(/<<<TICKET\n[\s\S]*Visitor \(Olga Petrova\): I changed my password[\s\S]*\nTICKET>>>$/);
  });

  test('with no entry found, says so rather than inventing one', () => {
    const prompt = wholePrompt(replyDraftPrompt(thread([message('visitor', 'Hello?')]), [], context(true)));
    expect(prompt).toContain('(no entry was found)');
    expect(prompt).not.toMatch(/^\[1\]/m);
  });

  test('asks for the visitor’s language: Chinese for a Chinese thread, the visitor’s own for a Latin-script one', () => {
    const chinese = replyDraftPrompt(thread([message('visitor', '我修改密码后无法登录，请帮忙。')], '无法登录'), hits, context(true));
    expect(chinese.language).toBe('zh');
    expect(chinese.request.systemPrompt).toContain('Write in Chinese (简体中文), the language the visitor wrote in.');
    const english = replyDraftPrompt(thread([message('visitor', 'My invoice shows the wrong amount.')]), hits, context(true));
    expect(english.language).toBeNull();
    expect(english.request.systemPrompt).toContain('Write in the language the visitor wrote in.');
    // Our agent's English reply in a Chinese thread does not change the visitor's language.
    const mixed = thread([message('visitor', '发票金额不对'), message('agent', 'We are looking into your invoice and will get back to you shortly today.')], '发票');
    expect(replyDraftPrompt(mixed, hits, context(true)).language).toBe('zh');
    expect(languageOf(['パスワードを忘れました'])).toBe('ja');
    expect(languageOf(['Пароль не работает'])).toBe('ru');
  });

  test('leaves the visitor’s contact details out when the settings say so, also from the texts', () => {
    const messages = [
      message('visitor', 'Call me on +86 138 1234 5678 or write to olga.petrova@example.com, thanks, Olga Petrova', 'Olga Petrova'),
      message('agent', 'We will call you back.', 'Dana (support)'),
    ];
    const withheld = wholePrompt(replyDraftPrompt(thread(messages), hits, context(false)));
    for (const detail of ['Olga Petrova', 'olga.petrova@example.com', '138 1234 5678', '+86']) expect(withheld).not.toContain(detail);
    expect(withheld).toContain('Visitor: Call me on [phone] or write to [email], thanks, [visitor]');
    expect(withheld).toContain('Agent: We will call you back.');

    const allowed = wholePrompt(replyDraftPrompt(thread(messages), hits, context(true)));
    expect(allowed).toContain('Visitor: Olga Petrova <olga.petrova@example.com>\n');
    expect(allowed).toContain('+86 138 1234 5678');

    // The settings' default: the name goes, the email address and phone number stay home.
    const nameOnly = wholePrompt(replyDraftPrompt(thread(messages), hits, context({ visitorName: true, visitorEmail: false, visitorPhone: false })));
    expect(nameOnly).toContain('Visitor: Olga Petrova\n');
    expect(nameOnly).toContain('Visitor (Olga Petrova): Call me on [phone] or write to [email], thanks, Olga Petrova');

    const summary = wholePrompt(threadSummaryPrompt(thread(messages), context(false)));
    expect(summary).not.toContain('olga.petrova@example.com');
    expect(summary).not.toContain('Olga Petrova');
    const note = wholePrompt(callNotePrompt('Customer Olga asked us to call +86 138 1234 5678 tomorrow.', context(false)));
    expect(note).toContain('asked us to call [phone] tomorrow');
  });

  test('leaving the phone numbers out keeps the addresses, dates, times, ids and file names a desk needs', () => {
    const facts = 'Our office IP 203.0.113.193 (and 2001:db8::7) lost the line on 2026-11-29 at 14:30; invoice 48213377 (INV-20261129, ticket T-1029384756) and call-2026-11-29.wav attached.';
    const text = `${facts} Ring 030 901820 or +44 20 7946 0958.`;
    const expected = `${facts} Ring [phone] or [phone].`;
    expect(wholePrompt(callNotePrompt(text, context(false, 'DE')))).toContain(expected);
    expect(wholePrompt(replyDraftPrompt(thread([message('visitor', text)]), hits, context(false, 'DE')))).toContain(`Visitor: ${expected}`);
  });

  test('never carries a key: one pasted into a ticket, a snippet or a transcript is masked', () => {
    const pasted = [
      message('visitor', `My key is ${registeredKey} and the gateway one is sk-live-abcdefghijklmnop, also opaque-gateway-secret-1234`),
      message('agent', 'Authorization: Bearer abc.def.ghi'),
    ];
    const leaky = [{ ...hits[0]!, snippet: 'Use sk-proj-SECRETSECRETSECRET to test' }];
    const prompts = [
      wholePrompt(replyDraftPrompt(thread(pasted), leaky, context(true))),
      wholePrompt(threadSummaryPrompt(thread(pasted), context(true))),
      wholePrompt(callNotePrompt(`read out the key opaque-gateway-secret-1234 and ${registeredKey}`, context(true))),
    ];
    for (const prompt of prompts) {
      for (const secret of ['ThisIsTheSecretPartOfTheKey', 'abcdefghijklmnop', 'opaque-gateway-secret-1234', 'SECRETSECRETSECRET', 'abc.def.ghi']) expect(prompt).not.toContain(secret);
      expect(prompt).toContain('[redacted]');
    }
  });

  test('a key cut through by a limit keeps no part of it: it is masked before the text is cut', () => {
    const key = 'opaque-gateway-secret-1234';
    const straddling = (limit: number) => `${'x'.repeat(limit - 20)}${key} and more`;
    const leaky = [{ ...hits[0]!, snippet: straddling(PROMPT_LIMITS.snippetChars) }];
    const prompts = [
      wholePrompt(replyDraftPrompt(thread([message('visitor', straddling(PROMPT_LIMITS.messageChars))]), leaky, context(true))),
      wholePrompt(threadSummaryPrompt(thread([message('visitor', straddling(PROMPT_LIMITS.messageChars))]), context(true))),
    ];
    for (const prompt of prompts) expect(prompt).not.toContain(key.slice(0, 12));
  });

  test('is bounded: the latest messages, each cut at its limit, and how many were left out', () => {
    const many = Array.from({ length: 45 }, (_, index) => message('visitor', `message ${index} ${'x'.repeat(index === 44 ? 10_000 : 0)}`));
    const prompt = wholePrompt(replyDraftPrompt(thread(many), hits, context(true)));
    expect(prompt).toContain(`(${45 - PROMPT_LIMITS.threadMessages} earlier messages left out)`);
    expect(prompt).not.toContain('message 14 ');
    expect(prompt).toContain('message 15 ');
    expect(prompt.length).toBeLessThan(PROMPT_LIMITS.threadMessages * 100 + PROMPT_LIMITS.messageChars + 3_000);
  });

  test('the knowledge base is searched with the subject and the visitor’s latest two messages', () => {
    const query = kbQueryOf(thread([message('visitor', 'first'), message('agent', 'agent words'), message('visitor', 'second'), message('visitor', 'third')], 'Refund'));
    expect(query).toBe('Refund second third');
    expect(kbQueryOf(thread([message('visitor', 'y'.repeat(900))])).length).toBe(500);
  });
});

describe('citations in a draft', () => {
  test('reads [n] and [n, m], in first-cited order, and tells numbers no entry has', () => {
    expect(citationsIn('See [2]. Also [1, 2] and [7].', 2)).toEqual({ cited: [2, 1], unknown: [7] });
    expect(citationsIn('No citation here, only [link](javascript:alert(1)).', 3)).toEqual({ cited: [], unknown: [] });
  });

  test('leave the text the customer gets with the spaces before them, whatever entry they name', () => {
    expect(withoutCitations('See the guide [2]. Also [1, 2] and [7].\n请参阅“指南”[1]。 Keep [link](x) and [a].')).toBe('See the guide. Also and.\n请参阅“指南”。 Keep [link](x) and [a].');
  });
});
