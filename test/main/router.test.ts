import { describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { call, event, subscribeChannel, unsubscribeChannel } from '../../src-shared/contract/define.ts';
import { manifestOf } from '../../src-shared/contract/manifest.ts';
import { buildFacade } from '../../src-preload/facade.ts';
import { createLogger } from '../../src-main/core/log/logger.ts';
import { createEventHub } from '../../src-main/ipc/event-hub.ts';
import { UserFacingError } from '../../src-main/core/user-facing-error.ts';
import { createRouter } from '../../src-main/ipc/router.ts';

const contract = {
  notes: {
    calls: {
      add: call<{ id: number }>()(z.object({ text: z.string().min(1).max(10) })),
      fail: call<null>()(z.undefined()),
      crash: call<null>()(z.undefined()),
      echo: call<unknown>()(z.undefined()),
      echoFailure: call<null>()(z.undefined()),
      deep: call<unknown>()(z.undefined()),
    },
    events: { added: event<{ id: number }>(), echoed: event<unknown>() },
  },
};
/** A key of no known shape: only its registration can take it out. */
const registeredKey = 'opaque-7f3a9c21d4e8b6a0';
const echoed = {
  requestId: `req-${registeredKey}`,
  nested: [{ text: `Bearer ${registeredKey}` }, { [registeredKey]: true }],
  count: 3,
  when: null,
};
const appOrigin = 'opsdesk://app';
const appFrame = { url: 'opsdesk://app/index.html', isTopFrame: true };

function setup() {
  const add = vi.fn(({ text }: { text: string }) => ({ id: text.length }));
  const onUnexpectedError = vi.fn();
  const logger = createLogger({ sink: () => {} });
  logger.registerSecret(registeredKey);
  const router = createRouter(
    contract,
    {
      notes: {
        add,
        fail: () => {
          throw new UserFacingError({ code: 'conflict', service: 'firewall', params: { context: 'name_taken', name: 'Lab' } });
        },
        crash: () => {
          throw new Error('secret internals: svc_live_0123456789ab.topsecret');
        },
        echo: () => echoed,
        echoFailure: () => {
          throw new UserFacingError({ code: 'bad_request', params: { detail: `invalid key ${registeredKey}` } });
        },
        deep: () => {
          let value: unknown = 'bottom';
          for (let depth = 0; depth < 100_000; depth += 1) value = [value];
          return { id: value };
        },
      },
    },
    { appOrigin, onUnexpectedError, redact: logger.redact },
  );
  return { router, add, onUnexpectedError };
}

describe('IPC router', () => {
  test('runs the handler with the parsed payload and wraps the result', async () => {
    const { router, add } = setup();
    expect(await router.dispatch('notes:add', appFrame, { text: 'hello' })).toEqual({ ok: true, data: { id: 5 } });
    expect(add).toHaveBeenCalledWith({ text: 'hello' }, { windowId: undefined });
    // The calling window is passed on, so that what a call starts can answer that window alone.
    await router.dispatch('notes:add', { ...appFrame, windowId: 4 }, { text: 'again' });
    expect(add).toHaveBeenLastCalledWith({ text: 'again' }, { windowId: 4 });
  });

  test('a malformed payload returns bad_request without reaching the handler', async () => {
    const { router, add } = setup();
    for (const payload of [undefined, { text: '' }, { text: 'far too long text' }, { text: 42 }, 'text']) {
      const result = await router.dispatch('notes:add', appFrame, payload);
      expect(result).toMatchObject({ ok: false, error: { code: 'bad_request', retryable: false } });
    }
    expect(add).not.toHaveBeenCalled();
  });

  test('each field error carries a code the window words, with its bounds, and English for the log', async () => {
    const { router } = setup();
    const tooLong = await router.dispatch('notes:add', appFrame, { text: 'far too long text' });
    expect(tooLong).toMatchObject({
      ok: false,
      error: { params: { context: 'invalid_input' }, fieldErrors: [{ path: 'text', code: 'too_big', params: { maximum: 10 }, message: 'Too large: at most 10.' }] },
    });
    const named = createRouter({ notes: { calls: { add: call<null>()(z.object({ name: z.string().min(1, 'name_required') })) }, events: {} } }, { notes: { add: () => null } }, { appOrigin, redact: (text) => text });
    expect(await named.dispatch('notes:add', appFrame, { name: '' })).toMatchObject({
      ok: false,
      error: { fieldErrors: [{ path: 'name', code: 'name_required', message: 'Give the connection a name' }] },
    });
  });

  test.each([
    ['a subframe of the app', { url: 'opsdesk://app/index.html', isTopFrame: false }],
    ['a foreign top frame', { url: 'https://evil.example/', isTopFrame: true }],
    ['a look-alike origin', { url: 'opsdesk://app.evil/index.html', isTopFrame: true }],
    ['a frame with no URL', { url: '', isTopFrame: true }],
  ])('a call from %s is refused before parsing', async (_name, sender) => {
    const { router, add } = setup();
    const result = await router.dispatch('notes:add', sender, { text: 'hello' });
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(add).not.toHaveBeenCalled();
    expect(router.authorizeSubscription(sender, ['notes:event:added'])).toMatchObject({ ok: false });
  });

  test('an unknown channel is refused', async () => {
    const { router } = setup();
    expect(await router.dispatch('notes:remove', appFrame, {})).toMatchObject({ ok: false, error: { code: 'unknown_call' } });
  });

  test('errors come back as data: user-facing errors as they are, crashes without their internals', async () => {
    const { router, onUnexpectedError } = setup();
    expect(await router.dispatch('notes:fail', appFrame, undefined)).toEqual({
      ok: false,
      error: {
        code: 'conflict',
        service: 'firewall',
        params: { context: 'name_taken', name: 'Lab' },
        message: 'There is already a firewall appliance connection named “Lab”.',
        hint: 'Choose another name.',
        retryable: false,
      },
    });
    const crashed = await router.dispatch('notes:crash', appFrame, undefined);
    expect(crashed).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(crashed)).not.toContain('svc_live');
    expect(onUnexpectedError).toHaveBeenCalledOnce();
  });

  test('events reach only the windows that subscribed', () => {
    const { router } = setup();
    const hub = createEventHub(router);
    const subscribed = { id: 1, send: vi.fn(), isDestroyed: () => false };
    const closed = { id: 2, send: vi.fn(), isDestroyed: () => true };
    const authorized = router.authorizeSubscription(appFrame, ['notes:event:added']);
    expect(authorized).toEqual({ ok: true, data: ['notes:event:added'] });
    // One unknown event refuses the whole request; so does anything but a list of channels.
    expect(router.authorizeSubscription(appFrame, ['notes:event:added', 'notes:event:removed'])).toMatchObject({ ok: false });
    expect(router.authorizeSubscription(appFrame, 'notes:event:added')).toMatchObject({ ok: false });
    hub.subscribe(subscribed, 'notes:event:added');
    hub.subscribe(closed, 'notes:event:added');
    hub.publish('notes', 'added', { id: 7 });
    expect(subscribed.send).toHaveBeenCalledWith('notes:event:added', { id: 7 });
    expect(closed.send).not.toHaveBeenCalled();
  });

  test('main stops sending an event to a window once its last listener there has gone, and sends it again when one comes back', async () => {
    const { router } = setup();
    const hub = createEventHub(router);
    const delivered: unknown[] = [];
    const listeners = new Set<(payload: unknown) => void>();
    const window = { id: 4, isDestroyed: () => false, send: vi.fn((_channel: string, payload: unknown) => listeners.forEach((listener) => listener(payload))) };
    const asked: string[] = [];
    const facade = buildFacade<typeof contract>(manifestOf(contract), {
      invoke: async (channel, payload) => {
        asked.push(channel);
        return channel === subscribeChannel || channel === unsubscribeChannel ? hub.answer(channel, appFrame, window, payload) : router.dispatch(channel, appFrame, payload);
      },
      listen: (_channel, listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    // Main hears of the window's listeners once the task that changed them is done.
    const stopFirst = facade.notes.onAdded((payload) => delivered.push(payload));
    const stopSecond = facade.notes.onAdded(() => {});
    stopFirst();
    await Promise.resolve();
    hub.publish('notes', 'added', { id: 1 });
    expect(window.send).toHaveBeenCalledTimes(1);
    stopSecond();
    stopSecond();
    await Promise.resolve();
    hub.publish('notes', 'added', { id: 2 });
    expect(window.send).toHaveBeenCalledTimes(1);
    expect(asked).toEqual([subscribeChannel, unsubscribeChannel]);
    facade.notes.onAdded((payload) => delivered.push(payload));
    await Promise.resolve();
    hub.publish('notes', 'added', { id: 3 });
    expect(delivered).toEqual([{ id: 3 }]);
  });

  test('a window starting up tells main of all its events in one message, and of nothing that came and went in the same task', async () => {
    const { router } = setup();
    const hub = createEventHub(router);
    const window = { id: 6, isDestroyed: () => false, send: vi.fn() };
    const asked: { channel: string; payload: unknown }[] = [];
    const facade = buildFacade<typeof contract>(manifestOf(contract), {
      invoke: async (channel, payload) => {
        asked.push({ channel, payload });
        return hub.answer(channel as typeof subscribeChannel, appFrame, window, payload);
      },
      listen: () => () => {},
    });
    facade.notes.onAdded(() => {});
    facade.notes.onEchoed(() => {});
    facade.notes.onAdded(() => {})();
    await Promise.resolve();
    expect(asked).toEqual([{ channel: subscribeChannel, payload: ['notes:event:added', 'notes:event:echoed'] }]);
    const stop = facade.notes.onEchoed(() => {});
    stop();
    await Promise.resolve();
    expect(asked).toHaveLength(1);
  });

  test('a listener added before a call is known to main before the call arrives', async () => {
    const { router } = setup();
    const hub = createEventHub(router);
    const window = { id: 8, isDestroyed: () => false, send: vi.fn() };
    const asked: string[] = [];
    const facade = buildFacade<typeof contract>(manifestOf(contract), {
      invoke: async (channel, payload) => {
        asked.push(channel);
        return channel === subscribeChannel || channel === unsubscribeChannel ? hub.answer(channel, appFrame, window, payload) : router.dispatch(channel, appFrame, payload);
      },
      listen: () => () => {},
    });
    facade.notes.onAdded(() => {});
    facade.notes.onEchoed(() => {});
    await facade.notes.add({ text: 'hi' });
    await Promise.resolve();
    expect(asked).toEqual([subscribeChannel, 'notes:add']);
  });

  test('a page from elsewhere can neither subscribe nor unsubscribe a window', () => {
    const { router } = setup();
    const hub = createEventHub(router);
    const window = { id: 4, isDestroyed: () => false, send: vi.fn() };
    const foreign = { url: 'https://evil.example/', isTopFrame: true };
    expect(hub.answer(subscribeChannel, foreign, window, ['notes:event:added'])).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(hub.answer(subscribeChannel, appFrame, window, ['notes:event:added'])).toEqual({ ok: true, data: null });
    expect(hub.answer(unsubscribeChannel, foreign, window, ['notes:event:added'])).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    hub.publish('notes', 'added', { id: 5 });
    expect(window.send).toHaveBeenCalledWith('notes:event:added', { id: 5 });
  });

  test('an event meant for one window (an answer it asked for) reaches that window only', () => {
    const { router } = setup();
    const hub = createEventHub(router);
    const asker = { id: 1, send: vi.fn(), isDestroyed: () => false };
    const other = { id: 2, send: vi.fn(), isDestroyed: () => false };
    hub.subscribe(asker, 'notes:event:added');
    hub.subscribe(other, 'notes:event:added');
    hub.publish('notes', 'added', { id: 8 }, 1);
    expect(asker.send).toHaveBeenCalledWith('notes:event:added', { id: 8 });
    expect(other.send).not.toHaveBeenCalled();
    hub.publish('notes', 'added', { id: 9 });
    expect(other.send).toHaveBeenCalledWith('notes:event:added', { id: 9 });
  });

  test('a registered key leaves main in no result, error or event, whatever field a server echoed it in', async () => {
    const { router } = setup();
    const hub = createEventHub(router);
    const window = { id: 1, send: vi.fn(), isDestroyed: () => false };
    hub.subscribe(window, 'notes:event:echoed');
    hub.publish('notes', 'echoed', echoed);
    const sent = [
      await router.dispatch('notes:echo', appFrame, undefined),
      await router.dispatch('notes:echoFailure', appFrame, undefined),
      window.send.mock.calls,
    ];
    expect(JSON.stringify(sent)).not.toContain(registeredKey);
    expect(sent[0]).toEqual({
      ok: true,
      data: { requestId: 'req-[redacted]', nested: [{ text: 'Bearer [redacted]' }, { '[redacted]': true }], count: 3, when: null },
    });
    expect(sent[1]).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('(invalid key [redacted])'), params: { detail: 'invalid key [redacted]' } } });
  });

  test('a result nested too deep to cross IPC fails as internal instead of breaking the channel', async () => {
    const { router, onUnexpectedError } = setup();
    expect(await router.dispatch('notes:deep', appFrame, undefined)).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(onUnexpectedError).toHaveBeenCalledOnce();
  });
});
