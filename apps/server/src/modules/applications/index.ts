export { applicationAdminRoutes, applicationPublicRoutes } from './applications-routes';
export { checkAnswers, storeAnswers } from './applications-service';
