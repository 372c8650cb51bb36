export { settingsAdminRoutes, settingsPublicRoutes } from './settings-routes';
export { getBrandName, getBrandSettings, getPublicSettings } from './settings-service';
export { brandPageHead, landingPageInput } from './page-head';
