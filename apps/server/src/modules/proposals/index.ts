export { proposalsRoutes } from './proposals-routes';
