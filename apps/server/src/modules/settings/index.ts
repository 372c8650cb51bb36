export { settingsAdminRoutes, settingsPublicRoutes } from './settings-routes';
export {
  getBrandName,
  getBrandSettings,
  getPublicSettings,
  getSettingValue,
  putSystemSetting,
  settingValueSql,
} from './settings-service';
export { brandPageHead, landingPageInput } from './page-head';
