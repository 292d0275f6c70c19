import { describe, expect, test } from 'vitest';
import { cannedReplyValues, fillCannedReply, unfilledVariables, unknownVariables } from '../../src-shared/canned-replies.ts';

const ticket = { id: 'tkt_000042', subject: 'Refund for order 7', visitorName: 'Sofia  Rossi', visitorEmail: 'sofia@example.com' };

describe('canned reply variables', () => {
  test.each([
    ['Hello {{visitor.first_name}},', 'Hello Sofia,'],
    ['Dear {{ visitor.name }} ({{visitor.email}})', 'Dear Sofia  Rossi (sofia@example.com)'],
    ['About {{ticket.subject}} [{{ticket.id}}]', 'About Refund for order 7 [tkt_000042]'],
    ['No variables at all', 'No variables at all'],
    ['{{not.a.variable}} stays', '{{not.a.variable}} stays'],
  ])('%s → %s', (body, text) => {
    expect(fillCannedReply(body, cannedReplyValues(ticket, 'Rossi & Co')).text).toBe(text);
  });

  test('a value the ticket lacks stays as a variable and is named, so it is filled before sending', () => {
    const filled = fillCannedReply('Hi {{visitor.first_name}}, your company {{contact.company}}: {{ticket.id}}', cannedReplyValues({ ...ticket, visitorName: '  ' }, null));
    expect(filled).toEqual({ text: 'Hi {{visitor.first_name}}, your company {{contact.company}}: tkt_000042', missing: ['visitor.first_name', 'contact.company'] });
    expect(unfilledVariables(filled.text)).toEqual(['visitor.first_name', 'contact.company']);
  });

  test('a name written without spaces is its own first name', () => {
    expect(fillCannedReply('{{visitor.first_name}}', cannedReplyValues({ ...ticket, visitorName: '王小明' }, null)).text).toBe('王小明');
  });

  test('names that are not variables are found once each', () => {
    expect(unknownVariables('{{visitor.name}} {{agent.name}} {{agent.name}} {{ ticket.id }} {{order}}')).toEqual(['agent.name', 'order']);
  });
});
