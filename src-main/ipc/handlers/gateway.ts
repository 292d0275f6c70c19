import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function gatewayHandlers(services: AppServices): Handlers<Contract>['gateway'] {
  return {
    models: ({ profileId }) => services.chat.models(profileId),
    conversations: ({ query }) => services.chat.conversations(query),
    conversation: ({ id }) => services.chat.conversation(id),
    messages: ({ conversationId, offset, limit }) => services.chat.messages(conversationId, offset, limit),
    findInConversation: ({ conversationId, text }) => services.chat.findInConversation(conversationId, text),
    createConversation: ({ profileId }) => services.chat.createConversation(profileId),
    updateConversation: ({ id, ...settings }) => services.chat.updateConversation(id, settings),
    deleteConversation: ({ id }) => services.chat.deleteConversation(id),
    send: ({ conversationId, text, taskId }, { windowId }) => services.chat.send(conversationId, text, taskId, windowId),
    regenerate: ({ conversationId, taskId }, { windowId }) => services.chat.regenerate(conversationId, taskId, windowId),
    editAndResend: ({ conversationId, messageId, text, taskId }, { windowId }) => services.chat.editAndResend(conversationId, messageId, text, taskId, windowId),
    embed: ({ profileId, model, texts }) => services.embeddings.embed(profileId, model, texts),
    showVersion: ({ conversationId, messageId, step }) => services.chat.showVersion(conversationId, messageId, step),
    saveDraft: ({ id, text }) => services.chat.saveDraft(id, text),
    chatLayout: () => services.chat.layout(),
    setChatLayout: (layout) => services.chat.setLayout(layout),
    callLog: (filter) => services.chat.callLog(filter),
    exportMarkdown: ({ id }) => services.chat.exportMarkdown(id),
    generateImages: ({ profileId, ...request }) => services.images.generateImages(profileId, request),
    saveImage: ({ imageId }) => services.images.save(imageId),
    chooseAudioFile: () => services.transcription.chooseFile(),
    transcribe: (request, { windowId }) => services.transcription.transcribe(request, windowId),
  };
}
