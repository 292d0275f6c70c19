// Which field carries the user's text in a support write: the server's description when it gives
// the request schema, the name its own records carry the text under, else the usual names in turn
// on a 400 that says nothing else is wrong.
import { describe, expect, it } from 'vitest';
import { ServiceFailure, serviceError } from '../../../src-main/core/http/service-failure.ts';
import { describedTextField, idempotencyKeyFor, refusedTextName, textFieldCarriedBy, withTextUnder } from '../../../src-main/core/support/text-field.ts';
import { readApiDescription, requestBodyFields } from '../../../src-main/core/wire/openapi.ts';
import { fieldsOf } from '../../../src-main/core/wire/read.ts';

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

  it('after a 400 naming another usual field, is that field; naming the one sent or nothing, another one; naming another field of the body, none', () => {
    expect(refusedTextName('message', 'text', { text: 'Hi' }, refused("Invalid value for 'content': Required"))).toBe('content');
    expect(refusedTextName('closeNote', 'note', { note: 'Done' }, refused("Unrecognized key: 'note'"))).toBe('another');
    expect(refusedTextName('reply', 'text', { text: 'Hi' }, refused('invalid request'))).toBe('another');
    expect(refusedTextName('followUpNote', 'note', { kind: 'fax', note: 'Called' }, refused('kind must be phone, chat or note'))).toBeUndefined();
    const conflict = new ServiceFailure(serviceError({ service: 'support', status: 409, code: 'conflict', retryable: false }));
    expect(refusedTextName('message', 'text', { text: 'Hi' }, conflict)).toBeUndefined();
  });

  it("is read from the server's own records: the name a ticket's messages or a record's follow-ups carry their text under", () => {
    const ticket = fieldsOf({ id: 7, messages: [{ id: 1, from: 'visitor', content: 'Hello' }] })!;
    expect(textFieldCarriedBy('message', ticket)).toBe('content');
    expect(textFieldCarriedBy('reply', ticket)).toBe('content');
    expect(textFieldCarriedBy('followUpNote', fieldsOf({ id: 'ct_1', follow_ups: [{ id: 'fu_1', kind: 'phone', remark: 'Called' }] })!)).toBe('remark');
    expect(textFieldCarriedBy('followUpNote', fieldsOf({ id: 'ct_1', follows: [] })!)).toBeUndefined();
    expect(textFieldCarriedBy('closeNote', ticket)).toBeUndefined();
  });

  it('sends each name with a key of its own, made from the write\'s, the same every time', () => {
    expect(idempotencyKeyFor('k1', 'message', 'text')).toBe('k1');
    expect(idempotencyKeyFor('k1', 'message', 'content')).toBe('k1.content');
  });

  it('moves the text, and only the text, under the chosen name', () => {
    expect(withTextUnder({ kind: 'phone', note: 'Called' }, 'followUpNote', 'content')).toEqual({ kind: 'phone', content: 'Called' });
  });
});
