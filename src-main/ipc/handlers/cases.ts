import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function casesHandlers(services: AppServices): Handlers<Contract>['cases'] {
  const { cases, caseHandover, caseDrafts } = services;
  return {
    list: ({ filter, sort, offset, limit }) => cases.list(filter, sort, offset, limit),
    get: ({ caseId }) => cases.get(caseId),
    tags: () => cases.tags(),
    create: (request) => cases.create(request),
    update: (request) => cases.update(request),
    addItems: ({ caseId, items }) => cases.addItems(caseId, items),
    addAlerts: ({ caseId, alerts }) => cases.addAlerts(caseId, alerts),
    moveItems: ({ caseId, items, toCaseId }) => cases.moveItems(caseId, items, toCaseId),
    merge: ({ caseId, intoCaseId }) => cases.merge(caseId, intoCaseId),
    items: ({ caseId, kind, offset, limit }) => cases.items(caseId, kind, offset, limit),
    ofItem: (ref) => cases.ofItem(ref),
    alertSources: ({ caseId }) => cases.alertSources(caseId),
    timeline: ({ caseId, filter, order, offset, limit }) => cases.timeline(caseId, filter, order, offset, limit),
    notes: ({ caseId, eventId }) => cases.notes(caseId, eventId),
    addNote: ({ caseId, body, eventId }) => cases.addNote(caseId, body, eventId),
    updateNote: ({ noteId, body }) => cases.updateNote(noteId, body),
    deleteNote: ({ noteId }) => cases.deleteNote(noteId),
    brief: ({ caseId }) => caseHandover.brief(caseId),
    exportFile: ({ caseId }) => caseHandover.exportFile(caseId),
    importFile: () => caseHandover.importFile(),
    exportPdf: ({ caseId, order }) => caseHandover.exportPdf(caseId, order),
    observables: ({ caseId, kind, text, limit }) => cases.observables(caseId, kind, text, limit),
    draft: ({ caseId, kind, taskId, ticket }, { windowId }) => caseDrafts.draft(caseId, kind, taskId, ticket, windowId),
  };
}
