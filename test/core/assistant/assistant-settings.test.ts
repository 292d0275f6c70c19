// The model at work, as Settings saves it and the analyst's features read it: real services on a
// real SQLite file.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { defaultSentFields } from '../../../src-shared/contract/assistant.ts';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { AssistantSettingsService } from '../../../src-main/core/assistant/assistant-settings.ts';
import { SettingsTable } from '../../../src-main/core/db/settings.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { gatewayProfile } from '../../support/gateway-profile.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';

let sims: Simulators;
let opened: TestServices;
let services: AppServices;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  opened = await openTestServices();
  services = opened.services;
});

afterAll(async () => {
  await opened.dispose();
  await sims.close();
});

const saveGateway = async (name: string) =>
  (await services.profiles.save(gatewayProfile({ name, baseUrl: sims.gateway.url, apiKey: sims.gateway.keys.demo, caPem: sims.ca.certPem }))).id;

test('with nothing chosen there is no model at work, and the defaults leave visitors’ contact details out', () => {
  const state = services.assistantSettings.state();
  expect(state).toMatchObject({ profileId: null, model: null, triageTemplate: null, bulkLimit: 20, modelAtWork: null });
  expect(services.assistantSettings.modelAtWork()).toBeNull();
  expect(state.sentFields).toEqual(defaultSentFields);
  expect(services.assistantSettings.sends('visitor.email')).toBe(false);
  expect(services.assistantSettings.sends('visitor.phone')).toBe(false);
  expect(services.assistantSettings.sends('alert.srcIp')).toBe(true);
});

test('a chosen connection and model is the model at work, announced and kept across a restart', async () => {
  const profileId = await saveGateway('Analyst gateway');
  const announced: unknown[] = [];
  const listening = services.assistantSettings.onChanged((state) => announced.push(state.modelAtWork));
  const saved = services.assistantSettings.save({ profileId, model: 'gpt-4o-mini', triageTemplate: 'Look at {alerts}', sentFields: ['alert.srcIp'], bulkLimit: 5 });
  listening.dispose();
  expect(saved.modelAtWork).toEqual({ profileId, model: 'gpt-4o-mini' });
  expect(announced).toEqual([{ profileId, model: 'gpt-4o-mini' }]);

  // Another reader of the same file, as after a restart.
  const settings = new AssistantSettingsService({
    settings: new SettingsTable(services.db),
    isGatewayProfile: (id) => services.profiles.find(id)?.service === 'gateway',
    translator: () => services.preferences.translator,
  });
  expect(settings.modelAtWork()).toEqual({ profileId, model: 'gpt-4o-mini' });
  expect(settings.triageTemplate()).toBe('Look at {alerts}');
  expect(settings.bulkLimit()).toBe(5);
  expect(settings.sends('alert.srcIp')).toBe(true);
  expect(settings.sends('alert.message')).toBe(false);

  await services.profiles.remove(profileId);
  expect(settings.modelAtWork()).toBeNull();
  expect(services.assistantSettings.state().modelAtWork).toBeNull();
});

test('the default triage template follows the language, and a damaged field falls back alone', () => {
  services.assistantSettings.save({ profileId: null, model: null, triageTemplate: null, sentFields: [], bulkLimit: 7 });
  services.preferences.setLanguage('en');
  expect(services.assistantSettings.triageTemplate()).toContain('{alerts}');
  expect(services.assistantSettings.triageTemplate()).toMatch(/firewall alerts/);
  services.preferences.setLanguage('zh-CN');
  expect(services.assistantSettings.triageTemplate()).toMatch(/防火墙告警/);
  expect(services.assistantSettings.triageTemplate()).toContain('{alerts}');

  new SettingsTable(services.db).write('assistant', { bulkLimit: 'many', sentFields: ['alert.srcIp', 'no.such'], model: 'gpt-4o-mini' });
  expect(services.assistantSettings.state()).toMatchObject({ bulkLimit: 20, sentFields: defaultSentFields, model: 'gpt-4o-mini', profileId: null });
});
