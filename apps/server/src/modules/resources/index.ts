export { resourcesAdminRoutes, resourcesRoutes } from './resources-routes';
export { createVideoHostCache } from './video-hosts';
