// The Settings tab (decision 055): its public face.
export { SettingsTab } from './settings-lazy';
// the settings as other staff screens read them: the defaults a new pro or a manual invoice starts from
export { useSettings } from './settings-api';
