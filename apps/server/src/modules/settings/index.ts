export { settingsAdminRoutes, settingsPublicRoutes } from './settings-routes';
export { getBrandName, getBrandSettings, getPublicSettings, getSettingValue, putSystemSetting } from './settings-service';
export { getSettingValuesByPrefix } from './settings-service';
export { brandPageHead, landingPageInput, referralNotFoundPage } from './page-head';
