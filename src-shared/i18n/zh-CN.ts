// 简体中文, one file per feature as in English. Each file is typed as its English twin, so a key missing
// here or present only here does not compile.
import type { Catalog } from './en.ts';
import { commonWords } from './zh-CN/common.ts';
import { workspaceWords } from './zh-CN/workspace.ts';
import { paletteWords } from './zh-CN/palette.ts';
import { connectionsWords } from './zh-CN/connections.ts';
import { errorsWords } from './zh-CN/errors.ts';
import { addressWords } from './zh-CN/address.ts';
import { assistantWords } from './zh-CN/assistant.ts';
import { chatWords } from './zh-CN/chat.ts';
import { settingsWords } from './zh-CN/settings.ts';
import { notificationsWords } from './zh-CN/notifications.ts';
import { firewallWords } from './zh-CN/firewall.ts';
import { supportWords } from './zh-CN/support.ts';
import { outboxWords } from './zh-CN/outbox.ts';
import { activityWords } from './zh-CN/activity.ts';
import { casesWords } from './zh-CN/cases.ts';
import { desktopWords } from './zh-CN/desktop.ts';

export const zhCN: Catalog = {
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
