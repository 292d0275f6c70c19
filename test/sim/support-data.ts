// Records of the support simulator and their seeded, deterministic generation.
// Internal fields (ticketToken, internalRemarks) exist here so the API can prove it never
// returns them; support.ts projects records to their public shape.
import type { Random } from './random.ts';
import { sprinkleHostile } from './hostile.ts';

export type TicketStatus = 'offline' | 'queued' | 'active' | 'closed';
export const TICKET_STATUSES: readonly TicketStatus[] = ['offline', 'queued', 'active', 'closed'];
export type ContactStatus = 'new' | 'following' | 'done';
export const CONTACT_STATUSES: readonly ContactStatus[] = ['new', 'following', 'done'];
export type WorkStatus = 'open' | 'pending' | 'waiting' | 'resolved' | 'closed';
export const WORK_STATUSES: readonly WorkStatus[] = ['open', 'pending', 'waiting', 'resolved', 'closed'];
export type WorkPriority = 'low' | 'normal' | 'high' | 'urgent';
export const WORK_PRIORITIES: readonly WorkPriority[] = ['low', 'normal', 'high', 'urgent'];
export type FollowKind = 'phone' | 'chat' | 'note';
export const FOLLOW_KINDS: readonly FollowKind[] = ['phone', 'chat', 'note'];
export type MessageAuthor = 'visitor' | 'agent' | 'robot';

export interface Site { id: string; name: string; apiChannel: boolean }

export const SUPPORT_SITES: readonly Site[] = [
  { id: 'site-main', name: 'Main storefront', apiChannel: true },
  { id: 'site-eu', name: 'EU storefront', apiChannel: true },
  { id: 'site-closed', name: 'Legacy portal (API channel off)', apiChannel: false },
];

interface Sequenced { seq: number; id: string; site: string }

export interface TicketMessage { id: string; from: MessageAuthor; author: string; text: string; created_at: string }

export interface Ticket extends Sequenced {
  status: TicketStatus;
  subject: string;
  channel: string;
  offline: boolean;
  visitor: { name: string; email: string | null; contact_id: string | null };
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  close_note: string | null;
  messages: TicketMessage[];
  ticketToken: string;
  internalRemarks: string[];
}

export interface FollowUp { id: string; kind: FollowKind | null; note: string; author: string; created_at: string }

export interface Contact extends Sequenced {
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  status: ContactStatus;
  tags: string[];
  created_at: string;
  updated_at: string;
  follows: FollowUp[];
  /** A field the document does not name, as a CRM may keep it (docs/api-assumptions.md: a visitor's country); sent only when set. */
  country?: string;
}

export interface WorkItem extends Sequenced {
  title: string;
  description: string;
  status: WorkStatus;
  priority: WorkPriority;
  contact_id: string | null;
  ticket_id: string | null;
  assignee: string;
  created_at: string;
  updated_at: string;
  follows: FollowUp[];
}

export interface Faq extends Sequenced { question: string; answer: string; tags: string[]; created_at: string; updated_at: string }

export interface Article extends Sequenced { title: string; body: string }

export interface ChatLog extends Sequenced { session_id: string; role: MessageAuthor; text: string; created_at: string }

export interface ChatSession extends Sequenced { visitor: string; started_at: string; last_at: string; ticket_id: string | null; topic: string }

export interface Webhook extends Sequenced { url: string; events: string[]; secret: string; created_at: string; active: boolean }

export interface SupportStore {
  tickets: Ticket[];
  contacts: Contact[];
  work: WorkItem[];
  faq: Faq[];
  articles: Article[];
  sessions: ChatSession[];
  chatLogs: ChatLog[];
  webhooks: Webhook[];
  nextSeq(): number;
}

const SEED_COUNTS: Record<string, { tickets: number; contacts: number; work: number; faq: number; articles: number; sessions: number }> = {
  'site-main': { tickets: 400, contacts: 250, work: 180, faq: 80, articles: 24, sessions: 120 },
  'site-eu': { tickets: 120, contacts: 80, work: 50, faq: 30, articles: 12, sessions: 40 },
  'site-closed': { tickets: 20, contacts: 15, work: 10, faq: 10, articles: 4, sessions: 5 },
};

const NAMES = [
  'Wei Zhang', 'Aisha Rahman', 'José Álvarez', 'Olga Petrova', 'Kenji Sato', 'Priya Nair', "Liam O'Brien",
  'Fatima Zahra', 'Noah Müller', 'Emma Dubois', '李娜', 'محمد علي', 'Sofia Rossi', 'Lucas Silva', 'Hana Kim',
  'Mateo García', 'Chloé Martin', 'Yusuf Demir', 'Anna Kowalska', 'Tomás Novák', 'Grace Okafor', 'Ivan Horvat',
];
const COMPANIES = ['Acme Logistics', 'Northwind Traders', 'Globex', 'Initech', 'Umbrella Retail', 'Stark Freight', 'Wayne Foods', null];
const AGENTS = ['Dana (support)', 'Marco (support)', 'Yuki (after-sales)', 'Sam (tier 2)'];
export const ROBOT_NAME = 'OpsDesk Bot';
const CHANNELS = ['web', 'app', 'email', 'wechat'];
const TOPICS = [
  'password', 'invoice', 'refund', 'delivery', 'warranty', 'API key', 'two-factor login', 'firewall rule',
  'data export', 'account deletion', 'VPN client', 'mobile app', 'single sign-on', 'billing address', 'subscription plan',
  'order tracking',
];
const SUBJECTS = [
  'Cannot log in after {topic} change', 'Refund for order #{n}', 'Invoice {n} shows the wrong amount', 'Delivery of order #{n} is late',
  'Question about my {topic}', 'Our office IP {ip} is blocked', 'The {topic} page shows an error', 'Please update my {topic}',
];
const VISITOR_LINES = [
  'Hello, I need help with my {topic}.', 'It still does not work, I tried twice.', 'Order number is {n}.',
  'Any update on this?', 'Thanks, that fixed it!', 'Can someone call me back?',
];
const AGENT_LINES = [
  'Thanks for reaching out, I am looking into your {topic} now.', 'Could you share the order number?',
  'I have escalated this to our after-sales team.', 'This should be fixed now, please try again.',
];
const WORK_TITLES = ['Replace faulty unit for order #{n}', 'Return pickup for order #{n}', 'On-site visit: {topic}', 'Warranty claim {n}', 'Call back about {topic}'];
const FAQ_QUESTIONS = ['How do I change my {topic}?', 'Why is my {topic} not working?', 'Where can I find my {topic}?', 'Can I cancel my {topic}?', 'Who can see my {topic}?'];

export function fill(template: string, random: Random, topic = random.pick(TOPICS)): string {
  return template
    .replaceAll('{topic}', topic)
    .replaceAll('{n}', String(random.int(10_000, 99_999)))
    .replaceAll('{ip}', `203.0.113.${random.int(1, 254)}`);
}

export function randomName(random: Random): string {
  return sprinkleHostile(random, random.pick(NAMES));
}

export function randomTopic(random: Random): string {
  return random.pick(TOPICS);
}

function randomPhone(random: Random): string {
  return random.chance(0.5) ? `+86138${random.int(10_000_000, 99_999_999)}` : `+1415555${random.int(1000, 9999)}`;
}

export function emailFor(name: string, random: Random): string {
  const local = name.toLowerCase().normalize('NFKD').replace(/[^a-z]+/g, '.').replace(/^\.|\.$/g, '') || `user${random.int(1, 999)}`;
  return `${local.slice(0, 40)}@example.com`;
}

function faqAnswer(topic: string): string {
  return `To manage your ${topic}, open Settings, choose "${topic}" and follow the steps on screen. ` +
    'If that does not help, open a ticket and we will get back to you within one business day.';
}

export function createSupportStore(random: Random, now: number): SupportStore {
  let seq = 0;
  const store: SupportStore = {
    tickets: [], contacts: [], work: [], faq: [], articles: [], sessions: [], chatLogs: [], webhooks: [],
    nextSeq: () => ++seq,
  };
  const DAY = 86_400_000;
  const pastIso = (maxDaysAgo: number): number => now - random.int(60_000, maxDaysAgo * DAY);
  const iso = (t: number): string => new Date(t).toISOString();
  const later = (t: number): number => Math.min(now, t + random.int(60_000, 2 * DAY));

  for (const site of SUPPORT_SITES) {
    const counts = SEED_COUNTS[site.id]!;
    // Records are generated oldest first, so a higher seq always means a newer record.
    const times = (n: number): number[] => Array.from({ length: n }, () => pastIso(60)).sort((a, b) => a - b);

    for (const created of times(counts.contacts)) {
      const name = randomName(random);
      const s = store.nextSeq();
      const follows: FollowUp[] = Array.from({ length: random.int(0, 3) }, () => ({
        id: `fu_${store.nextSeq()}`, kind: random.pick(FOLLOW_KINDS),
        note: sprinkleHostile(random, fill('Discussed {topic}; customer will confirm.', random)),
        author: random.pick(AGENTS), created_at: iso(later(created)),
      }));
      store.contacts.push({
        seq: s, id: `ct_${String(s).padStart(6, '0')}`, site: site.id, name,
        email: random.chance(0.85) ? emailFor(name, random) : null,
        phone: random.chance(0.8) ? randomPhone(random) : null,
        company: sprinkleHostile(random, random.pick(COMPANIES) ?? '') || null,
        status: random.pick(CONTACT_STATUSES), tags: random.chance(0.3) ? ['vip'] : [],
        created_at: iso(created), updated_at: iso(later(created)), follows,
      });
    }
    const siteContacts = store.contacts.filter((c) => c.site === site.id);

    for (const created of times(counts.tickets)) {
      const topic = randomTopic(random);
      const contact = random.chance(0.6) ? random.pick(siteContacts) : undefined;
      const visitorName = contact?.name ?? randomName(random);
      const status = random.pick(TICKET_STATUSES);
      const s = store.nextSeq();
      let t = created;
      const messages: TicketMessage[] = Array.from({ length: random.int(1, 6) }, (_, i) => {
        t = later(t);
        const from: MessageAuthor = i === 0 || random.chance(0.5) ? 'visitor' : random.chance(0.5) ? 'agent' : 'robot';
        const author = from === 'visitor' ? visitorName : from === 'robot' ? ROBOT_NAME : random.pick(AGENTS);
        const line = fill(random.pick(from === 'visitor' ? VISITOR_LINES : AGENT_LINES), random, topic);
        return { id: `msg_${store.nextSeq()}`, from, author, text: sprinkleHostile(random, line, 0.06), created_at: iso(t) };
      });
      store.tickets.push({
        seq: s, id: `tkt_${String(s).padStart(6, '0')}`, site: site.id, status,
        subject: sprinkleHostile(random, fill(random.pick(SUBJECTS), random, topic), 0.06),
        channel: random.pick(CHANNELS), offline: status === 'offline',
        visitor: { name: visitorName, email: contact?.email ?? null, contact_id: contact?.id ?? null },
        created_at: iso(created), updated_at: iso(t),
        closed_at: status === 'closed' ? iso(t) : null,
        close_note: status === 'closed' && random.chance(0.5) ? 'Resolved, customer confirmed.' : null,
        messages,
        ticketToken: `tt_${random.hex(32)}`,
        internalRemarks: [`INTERNAL: risk score ${random.int(1, 99)}, do not disclose to the visitor`],
      });
    }
    const siteTickets = store.tickets.filter((tk) => tk.site === site.id);

    for (const created of times(counts.work)) {
      const s = store.nextSeq();
      const topic = randomTopic(random);
      store.work.push({
        seq: s, id: `wk_${String(s).padStart(6, '0')}`, site: site.id,
        title: sprinkleHostile(random, fill(random.pick(WORK_TITLES), random, topic)),
        description: fill('Customer reported a problem with {topic}. Check and report back.', random, topic),
        status: random.pick(WORK_STATUSES), priority: random.pick(WORK_PRIORITIES),
        contact_id: random.chance(0.7) ? random.pick(siteContacts).id : null,
        ticket_id: random.chance(0.5) ? random.pick(siteTickets).id : null,
        assignee: random.pick(AGENTS), created_at: iso(created), updated_at: iso(later(created)),
        follows: Array.from({ length: random.int(0, 2) }, () => ({
          id: `fu_${store.nextSeq()}`, kind: null, note: fill('Spoke to the courier about {topic}.', random, topic),
          author: random.pick(AGENTS), created_at: iso(later(created)),
        })),
      });
    }

    for (const [i, created] of times(counts.faq).entries()) {
      const s = store.nextSeq();
      const topic = TOPICS[i % TOPICS.length]!;
      const question = fill(FAQ_QUESTIONS[Math.floor(i / TOPICS.length) % FAQ_QUESTIONS.length]!, random, topic);
      store.faq.push({
        seq: s, id: `faq-${site.id}-${String(i + 1).padStart(3, '0')}`, site: site.id,
        question: sprinkleHostile(random, question, 0.03), answer: faqAnswer(topic), tags: [topic],
        created_at: iso(created), updated_at: iso(created),
      });
    }

    for (let i = 0; i < counts.articles; i++) {
      const s = store.nextSeq();
      const topic = TOPICS[i % TOPICS.length]!;
      store.articles.push({
        seq: s, id: `doc-${site.id}-${String(i + 1).padStart(3, '0')}`, site: site.id,
        title: `Guide: everything about your ${topic}`,
        body: `This guide explains how the ${topic} works, common problems with the ${topic}, and how to fix them.`,
      });
    }

    for (const created of times(counts.sessions)) {
      const s = store.nextSeq();
      const id = `cs_${String(s).padStart(6, '0')}`;
      const topic = randomTopic(random);
      let t = created;
      for (let i = 0; i < random.int(2, 8); i++) {
        t = later(t);
        const role: MessageAuthor = i % 2 === 0 ? 'visitor' : 'robot';
        const line = role === 'visitor' ? fill(random.pick(VISITOR_LINES), random, topic) : faqAnswer(topic);
        const ls = store.nextSeq();
        store.chatLogs.push({ seq: ls, id: `log_${String(ls).padStart(7, '0')}`, site: site.id, session_id: id, role, text: sprinkleHostile(random, line), created_at: iso(t) });
      }
      store.sessions.push({
        seq: s, id, site: site.id, visitor: randomName(random), started_at: iso(created), last_at: iso(t),
        ticket_id: random.chance(0.2) ? random.pick(siteTickets).id : null, topic,
      });
    }
  }
  return store;
}
