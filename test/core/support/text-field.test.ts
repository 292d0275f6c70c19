// Which field carries the user's text in a support write: the server's description when it gives
// the request schema, else the next usual name a 400 points at.
import { describe, expect, it } from 'vitest';
import { ServiceFailure, serviceError } from '../../../src-main/core/http/service-failure.ts';
import { describedTextField, nextTextField, withTextUnder } from '../../../src-main/core/support/text-field.ts';
import { readApiDescription, requestBodyFields } from '../../../src-main/core/wire/openapi.ts';

const refused = (detail: string) => new ServiceFailure(serviceError({ service: 'support', status: 400, code: 'bad_request', params: { detail }, retryable: false }));

describe('the text field of a support write', () => {
  it("is the one the description's request schema names, through a $ref", () => {
    const description = readApiDescription({
      openapi: '3.1.0',
      paths: { '/api/open/v1/tickets/{id}/close': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Close' } } } } } } },
      components: { schemas: { Close: { type: 'object', properties: { remark: { type: 'string' } } } } },
    }, '/api/open/v1')!;
    expect(describedTextField('closeNote', requestBodyFields(description, 'POST', '/tickets/tkt_1/close'))).toBe('remark');
    expect(describedTextField('message', requestBodyFields(description, 'POST', '/tickets/tkt_1/messages'))).toBeUndefined();
  });

  it('after a 400 naming another usual field, is that field; naming the one sent, the next usual one; else none', () => {
    expect(nextTextField('message', 'text', refused("Invalid value for 'content': Required"))).toBe('content');
    expect(nextTextField('closeNote', 'note', refused("Unrecognized key: 'note'"))).toBe('remark');
    expect(nextTextField('message', 'text', refused('ticket is closed'))).toBeUndefined();
  });

  it('moves the text, and only the text, under the chosen name', () => {
    expect(withTextUnder({ kind: 'phone', note: 'Called' }, 'followUpNote', 'content')).toEqual({ kind: 'phone', content: 'Called' });
  });
});
