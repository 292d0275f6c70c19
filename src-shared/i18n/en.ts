// The English catalog: every word OpsDesk shows, and the words main writes to its log, one file per
// feature. The zh-CN folder has the same files with the same keys (test/shared/catalogs.test.ts). A key
// ending in `_<variant>` is an i18next context (`{ context: 'variant' }`); `_one`/`_other` are plural forms.
import { commonWords } from './en/common.ts';
import { workspaceWords } from './en/workspace.ts';
import { paletteWords } from './en/palette.ts';
import { connectionsWords } from './en/connections.ts';
import { errorsWords } from './en/errors.ts';
import { addressWords } from './en/address.ts';
import { assistantWords } from './en/assistant.ts';
import { chatWords } from './en/chat.ts';
import { settingsWords } from './en/settings.ts';
import { notificationsWords } from './en/notifications.ts';
import { firewallWords } from './en/firewall.ts';
import { supportWords } from './en/support.ts';
import { outboxWords } from './en/outbox.ts';
import { activityWords } from './en/activity.ts';
import { casesWords } from './en/cases.ts';
import { desktopWords } from './en/desktop.ts';

export const en = {
  ...commonWords,
  ...workspaceWords,
  ...paletteWords,
  ...connectionsWords,
  ...errorsWords,
  ...addressWords,
  ...assistantWords,
  ...chatWords,
  ...settingsWords,
  ...notificationsWords,
  ...firewallWords,
  ...supportWords,
  ...outboxWords,
  ...activityWords,
  ...casesWords,
  ...desktopWords,
};

export type Catalog = typeof en;
