export { resourcesAdminRoutes, resourcesRoutes } from './resources-routes';
export { createVideoHostCache, type VideoHostCache } from './video-hosts';
export { detectFileType } from './file-type';
