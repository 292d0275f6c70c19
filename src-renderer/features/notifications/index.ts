export { NotificationSettingsSection } from './NotificationSettingsSection.tsx';
