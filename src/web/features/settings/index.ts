// The Settings tab (decision 055): its public face.
export { SettingsTab } from './settings-lazy';
