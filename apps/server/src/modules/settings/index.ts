export { settingsAdminRoutes, settingsPublicRoutes } from './settings-routes';
export { getBrandName, getBrandSettings, getPublicSettings, type BrandSettings } from './settings-service';
export { brandPageHead, landingPageInput } from './page-head';
