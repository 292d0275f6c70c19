// What adding an FAQ sends (docs/api-assumptions.md, Support: the bodies OpsDesk sends), and a taken
// id's refusal worded with a free id to offer instead.
import type { z } from 'zod';
import type { addFaqSchema } from '../../../../src-shared/contract/support.ts';
import { ServiceFailure, serviceError } from '../../http/service-failure.ts';
import type { OutboxWrite } from '../../outbox/outbox.ts';
import type { SupportWrite } from '../support-outbox.ts';
import { present } from '../write-body.ts';

type AddFaq = z.output<typeof addFaqSchema>;

export function addFaqWrite({ profileId, id, question, answer, tags }: AddFaq): SupportWrite {
  return {
    profileId,
    objectKey: id ? `faq:${id}` : 'faq:new',
    action: { code: 'addFaq', params: { question: question.slice(0, 80) } },
    request: { method: 'POST', path: '/kb/faq', body: present({ id, question, answer, tags: tags && tags.length > 0 ? tags : undefined }) },
  };
}

/** A taken FAQ id fails as `conflict` with a free id to offer (`params.suggestedId`). */
export async function explainTakenFaqId(write: OutboxWrite, error: unknown, suggestFreeId: (profileId: string, taken: string) => Promise<string | undefined>): Promise<unknown> {
  const body = write.request.body as { id?: unknown } | undefined;
  if (!(error instanceof ServiceFailure) || error.serviceError.code !== 'conflict' || typeof body?.id !== 'string') return error;
  const suggestedId = await suggestFreeId(write.profileId, body.id).catch(() => undefined);
  if (!suggestedId) return error;
  const { message: _message, hint: _hint, ...refused } = error.serviceError;
  return new ServiceFailure(serviceError({ ...refused, params: { ...refused.params, context: 'faq_id', id: body.id, suggestedId } }), { cause: error });
}
