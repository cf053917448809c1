import { Notification } from '@lyceum/shared/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/db/tenancy.ts';
import { type CompanyWorld, companyWorld } from './company-helpers.ts';
import { recordBankTransfer } from './factories/payments.ts';
import { as, createCompanyUser, errorOf, login, type Session } from './helpers.ts';
import { listenUrl, openStream, type SseStream } from './sse-client.ts';

/**
 * Company staff are told of each other's decisions on payments and add-on requests (docs/product.md,
 * "Payments"): a notice for everyone but the one who decided, whose live event makes the others' open Payments
 * and Add-on requests pages read the list again.
 */
let w: CompanyWorld;
let base: string;
const open: SseStream[] = [];
type Caller = ReturnType<typeof as>;
interface Staff {
  session: Session;
  call: Caller;
}
let decider: Staff;
let colleague: Staff;
let reader: Staff;

async function staffMember(role: 'company_admin' | 'admin' | 'company_user'): Promise<Staff> {
  const made = await createCompanyUser(w.t.app, role);
  const session = await login(w.t.app, made.email, role);
  return { session, call: as(w.t.app, session) };
}

async function stream(who: Staff): Promise<SseStream> {
  const s = await openStream(base, who.session.cookie);
  open.push(s);
  return s;
}

beforeAll(async () => {
  w = await companyWorld({ eventHeartbeatMs: 150 });
  base = await listenUrl(w.t.app);
  decider = await staffMember('company_admin');
  colleague = await staffMember('admin');
  reader = await staffMember('company_user');
});
afterAll(async () => {
  for (const s of open) s.close();
  await w.t.close();
});

const bell = async (who: Caller) => {
  const res = await who({ method: 'GET', url: '/api/v1/notifications' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Notification[]; unread: number };
};
const titlesOf = async (who: Caller) => (await bell(who)).items.map((n) => n.title);
const companyNoticeCount = async () =>
  Number(
    (
      (await withSystem(w.t.app.deps.db, (tx) => tx.execute(sql`select count(*)::int as n from company_notifications`)))
        .rows[0] as { n: number }
    ).n,
  );

/** Alpha's admin records payment `n` (a bank transfer of `amountMinor`), pending company staff's decision. */
const alphaPays = async (n: number, amountMinor: number) =>
  recordBankTransfer(w.t.app, await w.asA('school_admin'), w.a.id, {
    reference: `DEC-${n}`,
    amountMinor,
    key: `decision-key-${n}`,
  });

/** The notifications that reached a stream, once a heartbeat shows nothing else is on its way. */
async function notificationsOf(s: SseStream): Promise<Notification[]> {
  await s.nextComment('heartbeat');
  return s.events.filter((e) => e.event === 'notification').map((e) => Notification.parse(JSON.parse(e.data)));
}

describe("company staff hear of each other's decisions", () => {
  it('a confirmed or rejected payment is told to every other staff member, live, and not to the one who decided', async () => {
    const first = await alphaPays(1, 5000);
    const [deciderStream, colleagueStream, readerStream] = [
      await stream(decider),
      await stream(colleague),
      await stream(reader),
    ];
    const deciderBefore = await bell(decider.call);

    const confirmed = await decider.call({ method: 'POST', url: `/api/v1/company/payments/${first}/confirm` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const told = {
      title: 'Payment confirmed: Alpha School',
      body: 'company_admin person confirmed the payment of $50.00 from Alpha School.',
      read: false,
      // Opening it leads to the payment, among the confirmed ones (docs/product.md, "Notifications").
      target: { kind: 'payment', id: first, status: 'confirmed' },
    };
    for (const s of [colleagueStream, readerStream]) {
      const note = Notification.parse(JSON.parse((await s.next('notification')).data));
      expect(note).toMatchObject(told);
    }
    for (const who of [colleague, reader]) expect((await bell(who.call)).items[0]).toMatchObject(told);
    // The one who decided knows: nothing in their bell or on their stream. (The payment's own "to confirm" notice,
    // written before the streams opened, may still reach a stream that opened before its event was delivered.)
    expect(await bell(decider.call)).toEqual(deciderBefore);
    expect(
      (await notificationsOf(deciderStream)).filter(
        (n) => n.target?.kind !== 'payment' || n.target.status !== 'pending',
      ),
    ).toEqual([]);

    // The other way round, in the reader's language.
    const second = await alphaPays(2, 2500);
    const rejected = await colleague.call({
      method: 'POST',
      url: `/api/v1/company/payments/${second}/reject`,
      payload: { reason: 'No such transfer' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await bell(decider.call)).items[0]).toMatchObject({
      title: 'Payment rejected: Alpha School',
      body: 'admin person rejected the payment of $25.00 from Alpha School.',
      target: { kind: 'payment', id: second, status: 'rejected' },
    });
    const spanish = await decider.call({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: 'es' } });
    expect(spanish.statusCode, spanish.body).toBeLessThan(300);
    expect((await bell(decider.call)).items[0]).toMatchObject({
      title: 'Pago rechazado: Alpha School',
      body: 'admin person rechazó el pago de $25.00 enviado por Alpha School.',
    });
    const back = await decider.call({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: null } });
    expect(back.statusCode, back.body).toBeLessThan(300);
    expect(await titlesOf(colleague.call)).not.toContain('Payment rejected: Alpha School');
  });

  it('an approved or rejected add-on request is told the same way', async () => {
    const schoolAdmin = await w.asB('school_admin');
    const ask = async (addon: string) => {
      const res = await schoolAdmin({
        method: 'POST',
        url: '/api/v1/addon-requests',
        payload: { addonId: await w.addonId(addon) },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const sms = await ask('SMS');
    const approved = await decider.call({ method: 'POST', url: `/api/v1/company/addon-requests/${sms}/approve` });
    expect(approved.statusCode, approved.body).toBe(200);
    for (const who of [colleague, reader]) {
      expect((await bell(who.call)).items[0]).toMatchObject({
        title: 'Add-on request approved: SMS',
        body: 'company_admin person approved the request of Beta School for SMS.',
        target: { kind: 'addonRequest', id: sms, status: 'approved' },
      });
    }
    expect(await titlesOf(decider.call)).not.toContain('Add-on request approved: SMS');

    const whatsapp = await ask('WhatsApp');
    const rejected = await colleague.call({
      method: 'POST',
      url: `/api/v1/company/addon-requests/${whatsapp}/reject`,
      payload: { reason: 'Not in your region' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await bell(decider.call)).items[0]).toMatchObject({
      title: 'Add-on request rejected: WhatsApp',
      body: 'admin person rejected the request of Beta School for WhatsApp.',
      target: { kind: 'addonRequest', id: whatsapp, status: 'rejected' },
    });
    // School users never see the company's notices.
    expect(await titlesOf(schoolAdmin)).not.toContain('Add-on request rejected: WhatsApp');
  });

  it('a refused decision (bad input, wrong role, decided already, not found) tells nobody anything', async () => {
    const schoolAdmin = await w.asA('school_admin');
    const payment = await alphaPays(3, 1000);
    const before = await companyNoticeCount();
    const short = await decider.call({
      method: 'POST',
      url: `/api/v1/company/payments/${payment}/reject`,
      payload: { reason: 'no' },
    });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).fields?.reason).toBeTruthy();
    for (const url of [
      `/api/v1/company/payments/${payment}/confirm`,
      `/api/v1/company/addon-requests/${payment}/approve`,
    ])
      expect((await reader.call({ method: 'POST', url })).statusCode).toBe(403);
    // A school's admin cannot decide its own payment, nor another school's.
    for (const school of [schoolAdmin, await w.asB('school_admin')]) {
      const own = await school({ method: 'POST', url: `/api/v1/company/payments/${payment}/confirm` });
      expect(own.statusCode).toBe(403);
    }
    const missing = await decider.call({
      method: 'POST',
      url: '/api/v1/company/payments/01a20000-0000-7000-8000-000000000000/confirm',
    });
    expect(missing.statusCode).toBe(404);
    expect(await companyNoticeCount()).toBe(before);

    expect(
      (await decider.call({ method: 'POST', url: `/api/v1/company/payments/${payment}/confirm` })).statusCode,
    ).toBe(200);
    const after = await companyNoticeCount();
    expect(after).toBe(before + 1);
    const again = await colleague.call({ method: 'POST', url: `/api/v1/company/payments/${payment}/confirm` });
    expect(again.statusCode).toBe(409);
    expect(await companyNoticeCount()).toBe(after);
  });
});
