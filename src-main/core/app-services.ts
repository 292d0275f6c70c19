import path from 'node:path';
import type { ConnectionHealth, ProfileList } from '../../src-preload/contract/profiles.ts';
import { ConnectionHealthTracker } from './clients/connection-health.ts';
import { HealthRepository } from './clients/health-repository.ts';
import { openDatabase } from './db/database.ts';
import type { Db } from './db/database.ts';
import { SettingsTable } from './db/settings.ts';
import { createLogger } from './log/logger.ts';
import type { Logger, LogSink } from './log/logger.ts';
import { ClientRegistry } from './clients/client-registry.ts';
import { firewallConnector } from './firewall/connector.ts';
import { gatewayConnector } from './gateway/connector.ts';
import { CallLogRepository } from './gateway/chat/call-log-repository.ts';
import { ChatService } from './gateway/chat/chat-service.ts';
import { EmbeddingService } from './gateway/embeddings/embedding-service.ts';
import { ConversationRepository } from './gateway/chat/conversation-repository.ts';
import { MessageRepository } from './gateway/chat/message-repository.ts';
import { systemClock, type Clock } from './lifecycle/clock.ts';
import { supportConnector } from './support/connector.ts';
import type { Platform } from './platform.ts';
import { PreferencesService } from './preferences/preferences-service.ts';
import { importProfiles } from './profiles/import-profiles.ts';
import { ProfileRepository } from './profiles/profile-repository.ts';
import { ProfileService } from './profiles/profile-service.ts';
import type { KeyStore } from './secrets/key-store.ts';
import { openKeyStore } from './secrets/open-key-store.ts';
import { WorkspaceService } from './workspace/workspace-service.ts';

export interface AppServicesOptions {
  /** The app's user-data folder; the SQLite file lives here. */
  dataDir: string;
  /** Defaults to the OS keychain, or session-only memory when there is none. */
  keyStore?: KeyStore;
  logSink?: LogSink;
  /** The app's logger; when absent one is made (writing to `logSink`, or stderr). */
  logger?: Logger;
  /** Notifications, badge, links: Electron's in the app, a recorder in tests. */
  platform: Platform;
  /** A profiles file to import on start (the demo's simulators); see docs/architecture.md. */
  importProfilesFrom?: string;
  /** Timers of the services (the chat's delta batches); tests may pass a fake one. */
  clock?: Clock;
}

export interface AppEvents {
  profilesChanged(list: ProfileList): void;
  healthChanged(health: ConnectionHealth): void;
}

/** Every main-process service, built from plain Node parts so tests can build the same thing. */
export interface AppServices {
  db: Db;
  logger: Logger;
  workspace: WorkspaceService;
  preferences: PreferencesService;
  profiles: ProfileService;
  health: ConnectionHealthTracker;
  clients: AppClients;
  chat: ChatService;
  embeddings: EmbeddingService;
  platform: Platform;
  /** Main-to-window events; the IPC layer connects them to the windows that subscribed. */
  events: { connect(listener: Partial<AppEvents>): void };
  close(): Promise<void>;
}

/** Each back end's connector: the one place the back ends are listed. */
const connectors = { gateway: gatewayConnector, support: supportConnector, firewall: firewallConnector };

export type AppClients = ClientRegistry<{ [Service in keyof typeof connectors]: ReturnType<(typeof connectors)[Service]['open']> }>;

export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  const logger = options.logger ?? createLogger(options.logSink ? { sink: options.logSink } : {});
  const db = openDatabase(path.join(options.dataDir, 'opsdesk.sqlite'));
  const listeners: Partial<AppEvents>[] = [];
  const repository = new ProfileRepository(db);
  const profiles = new ProfileService({
    repository,
    keyStore: options.keyStore ?? (await openKeyStore()),
    logger,
    rules: connectors,
    onChange: (list) => listeners.forEach((listener) => listener.profilesChanged?.(list)),
  });
  const health = new ConnectionHealthTracker(new HealthRepository(db));
  health.onChanged((value) => listeners.forEach((listener) => listener.healthChanged?.(value)));
  const clients: AppClients = new ClientRegistry({ profiles, connectors, health, logger, resolveProxy: (url) => options.platform.resolveProxy(url) });
  if (options.importProfilesFrom) {
    const count = await importProfiles(options.importProfilesFrom, profiles, repository);
    logger.info('imported connection profiles', { count });
  }
  const settings = new SettingsTable(db);
  const preferences = new PreferencesService(settings, () => options.platform.preferredLanguages());
  const chat = new ChatService({
    clients,
    conversations: new ConversationRepository(db),
    messages: new MessageRepository(db),
    calls: new CallLogRepository(db),
    clock: options.clock ?? systemClock,
  });
  return {
    db,
    logger,
    workspace: new WorkspaceService(settings),
    preferences,
    profiles,
    health,
    clients,
    chat,
    embeddings: new EmbeddingService(clients),
    platform: options.platform,
    events: { connect: (listener) => listeners.push(listener) },
    async close() {
      await chat.close();
      await clients.close();
      profiles.close();
      health.dispose();
      preferences.dispose();
      db.close();
    },
  };
}
