// A report on the wire (docs/api-assumptions.md, "reports").
import type { Report } from '../../../../src-shared/contract/firewall-admin.ts';
import { withoutUndefined } from '../../without-undefined.ts';
import type { Fields } from '../../wire/read.ts';
import type { ResourceSpec } from '../appliance-resource.ts';

export function readReport(report: Fields): Report | undefined {
  const id = report.id('id', 'report_id', 'uuid');
  if (id === undefined) return undefined;
  const period = report.fields('period', 'range');
  const progress = report.number('progress', 'percent', 'progress_percent');
  return withoutUndefined({
    id,
    name: report.string('name', 'title') ?? '',
    type: report.string('type', 'report_type', 'kind'),
    status: (report.string('status', 'state') ?? (report.raw('content') !== undefined ? 'ready' : 'generating')).toLowerCase(),
    progress: progress === undefined ? undefined : Math.min(100, Math.max(0, progress <= 1 && !Number.isInteger(progress) ? progress * 100 : progress)),
    periodFrom: period?.time('from', 'start') ?? report.time('from', 'start', 'period_from'),
    periodTo: period?.time('to', 'end') ?? report.time('to', 'end', 'period_to'),
    createdAt: report.time('created_at', 'createdAt', 'create_time'),
    completedAt: report.time('completed_at', 'completedAt', 'finished_at'),
    content: report.raw('content', 'result', 'data', 'body'),
    link: report.string('download_url', 'downloadUrl', 'url', 'file_url', 'file', 'link', 'href'),
  });
}

/** The statuses after which a report changes no more. */
export function isFinished(report: Report): boolean {
  return /^(ready|done|complete|completed|finished|success|succeeded|failed|error)$/.test(report.status);
}

export interface ReportRequest {
  type: string;
  name?: string;
  from?: string;
  to?: string;
}

export const reportResource: ResourceSpec<Report, ReportRequest> = {
  path: '/reports',
  activity: { kind: 'report', verbs: { create: 'generateReport' }, labelField: 'name' },
  read: readReport,
  access: 'query',
  toWire: (input) => withoutUndefined({ type: input.type, name: input.name, from: input.from, to: input.to }),
  formFieldOf: { type: 'type', name: 'name', from: 'from', to: 'to' },
  // Reports of a type and name may repeat: only one started since the request was made (a minute of clock skew allowed) is its own.
  createdBy: (report, body, madeAt) =>
    report.type === body['type'] && (body['name'] === undefined || report.name === body['name']) && report.createdAt !== undefined && Date.parse(report.createdAt) >= madeAt - 60_000,
};
